import type { Tag } from '@platform/shared';

export type CategoryRow = { tag: Tag; depth: 0 | 1 };

const byOrder = (a: Tag, b: Tag) =>
  a.priority - b.priority || a.tag.localeCompare(b.tag, undefined, { sensitivity: 'base' }) || a.id - b.id;

/**
 * Categories as a two-level list: each top-level category followed by its children, indented
 * (spec 3 section 2). A child whose parent is not in the list (hidden from the caller) is shown
 * at the top level.
 */
export function categoryRows(tags: readonly Tag[]): CategoryRow[] {
  const ids = new Set(tags.map((t) => t.id));
  const isTop = (t: Tag) => t.parent === null || !ids.has(t.parent.id);
  const rows: CategoryRow[] = [];
  for (const parent of tags.filter(isTop).sort(byOrder)) {
    rows.push({ tag: parent, depth: 0 });
    for (const child of tags.filter((t) => t.parent?.id === parent.id).sort(byOrder)) rows.push({ tag: child, depth: 1 });
  }
  return rows;
}

export const childrenOf = (tags: readonly Tag[], id: number): number[] => tags.filter((t) => t.parent?.id === id).map((t) => t.id);

/**
 * Picking categories: a parent brings its children along and takes them away with it; a child
 * brings its parent (spec 2 section 5).
 */
export function toggleCategory(tags: readonly Tag[], selected: readonly number[], id: number, checked: boolean): number[] {
  const tag = tags.find((t) => t.id === id);
  const set = new Set(selected);
  const family = [id, ...childrenOf(tags, id)];
  if (checked) {
    family.forEach((x) => set.add(x));
    if (tag?.parent && tags.some((t) => t.id === tag.parent!.id)) set.add(tag.parent.id);
  } else {
    family.forEach((x) => set.delete(x));
  }
  return [...set];
}
