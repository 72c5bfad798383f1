import { NAME_MAX, RoleMessages, UpdateRoleBody } from '@platform/shared';
import { z } from 'zod';

/** Display name required, 3 to 150; description up to 150 (spec 3 section 5); the shared rules. */
export const RoleFormSchema = z.object({
  display_name: UpdateRoleBody.shape.display_name.unwrap(),
  description: z.string().trim().max(NAME_MAX, RoleMessages.descriptionTooLong),
  permissions: z.array(z.string()),
});
export type RoleFormValues = z.input<typeof RoleFormSchema>;

/**
 * A new role's `name`, the key users and posts refer to, made from its display name. Role names
 * travel in comma lists, so only letters and digits are kept (in any script), joined by dashes.
 */
export function roleNameFor(displayName: string): string {
  const slug = displayName
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, NAME_MAX);
}
