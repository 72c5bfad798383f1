import type { Tag } from '@platform/shared';

export type CategoryNode = { id: number; label: string; children: { id: number; label: string }[] };

/**
 * The field's categories as a two-level tree: a category whose parent is not offered by the field
 * stands on its own. Order follows the category list (priority order from the server).
 */
export function categoryTree(tags: readonly Tag[], options: readonly unknown[]): CategoryNode[] {
  const offered = new Set(options.map((o) => Number(typeof o === 'object' && o !== null ? (o as { id?: unknown }).id : o)));
  const shown = tags.filter((t) => offered.has(t.id));
  const ids = new Set(shown.map((t) => t.id));
  const roots = shown.filter((t) => !t.parent || !ids.has(t.parent.id));
  return roots.map((root) => ({
    id: root.id,
    label: root.tag,
    children: shown.filter((t) => t.parent?.id === root.id).map((t) => ({ id: t.id, label: t.tag })),
  }));
}

/**
 * Ticking or unticking one category (spec 2 section 5): picking a child also picks its parent;
 * unpicking a parent unpicks its children. Returns the new selection in tree order.
 */
export function toggleCategory(tree: readonly CategoryNode[], selected: readonly number[], id: number, checked: boolean): number[] {
  const next = new Set(selected);
  const parent = tree.find((node) => node.children.some((c) => c.id === id));
  const node = tree.find((n) => n.id === id);
  if (checked) {
    next.add(id);
    if (parent) next.add(parent.id);
  } else {
    next.delete(id);
    for (const child of node?.children ?? []) next.delete(child.id);
  }
  const order = tree.flatMap((n) => [n.id, ...n.children.map((c) => c.id)]);
  const known = order.filter((tagId) => next.has(tagId));
  // Ids the tree does not show (a category since removed from the field) are kept as they were.
  return [...known, ...[...next].filter((tagId) => !order.includes(tagId))];
}
