import { useId, useMemo } from 'react';
import { categoryTree, toggleCategory } from '../categories';
import type { FieldProps } from './field-props';
import { FieldFrame } from './FieldFrame';

/** The field's categories as a tree: a child ticks its parent, unticking a parent clears its children. */
export function CategoriesField({ field, model, entries, onChange, errorAt }: FieldProps<number>) {
  const id = useId();
  const tree = useMemo(() => categoryTree(model.tags, field.options), [model.tags, field.options]);
  const box = (tagId: number, label: string) => (
    <label className="radio choice-row" htmlFor={`${id}-${tagId}`}>
      <input
        id={`${id}-${tagId}`}
        type="checkbox"
        className="checkbox"
        checked={entries.includes(tagId)}
        onChange={(e) => onChange(toggleCategory(tree, entries, tagId, e.target.checked))}
      />
      <span>{label}</span>
    </label>
  );
  return (
    <FieldFrame field={field} error={errorAt('')}>
      {() => (
        <ul className="category-tree">
          {tree.map((node) => (
            <li key={node.id}>
              {box(node.id, node.label)}
              {node.children.length > 0 ? (
                <ul>
                  {node.children.map((child) => (
                    <li key={child.id}>{box(child.id, child.label)}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </FieldFrame>
  );
}
