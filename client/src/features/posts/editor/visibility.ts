import type { PostStatus } from '@platform/shared';

/** "Just you" (draft), "Everyone" (published to all) or published to some roles (spec 2 section 4). */
export type Visibility = { kind: 'draft' } | { kind: 'everyone' } | { kind: 'roles'; roles: string[] };
export type VisibilityState = { status: PostStatus; published_to: string[] };

export function visibilityOf(state: VisibilityState): Visibility {
  if (state.status === 'draft') return { kind: 'draft' };
  if (state.published_to.length === 0) return { kind: 'everyone' };
  return { kind: 'roles', roles: state.published_to };
}

/**
 * What choosing a visibility does: "Just you" sets draft and clears roles; "Everyone" publishes
 * with no role; roles publish to those roles, and picking every role is the same as "Everyone".
 * An archived post chosen for "roles" or "everyone" is published again, as the selector says.
 */
export function applyVisibility(choice: Visibility, allRoles: readonly string[]): VisibilityState {
  if (choice.kind === 'draft') return { status: 'draft', published_to: [] };
  if (choice.kind === 'everyone') return { status: 'published', published_to: [] };
  const roles = [...new Set(choice.roles)];
  const everyRole = allRoles.length > 0 && allRoles.every((r) => roles.includes(r));
  if (roles.length === 0 || everyRole) return { status: 'published', published_to: [] };
  return { status: 'published', published_to: roles };
}

/** Ticks or unticks one role in the selector. */
export function toggleRole(current: VisibilityState, role: string, checked: boolean, allRoles: readonly string[]): VisibilityState {
  const now = visibilityOf(current);
  const roles = now.kind === 'roles' ? now.roles : [];
  const next = checked ? [...roles, role] : roles.filter((r) => r !== role);
  // Unticking the last role leaves no restriction: the post shows to everyone.
  return applyVisibility({ kind: 'roles', roles: next }, allRoles);
}
