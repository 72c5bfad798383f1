import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canAddEntry, canRemoveEntry } from '../post-form';

/**
 * Entries of a multi-value field with "Add another" while below the cardinality and "Remove"
 * while more than one is left (spec 2 section 5).
 */
export function EntryList<E>({
  entries,
  cardinality,
  label,
  blank,
  onChange,
  render,
}: {
  entries: E[];
  cardinality: number;
  label: string;
  blank: E;
  onChange: (entries: E[]) => void;
  render: (entry: E, index: number, update: (entry: E) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="entry-list">
        {entries.map((entry, index) => (
          <li key={index} className="entry">
            <div className="entry-body">{render(entry, index, (next) => onChange(entries.map((e, i) => (i === index ? next : e))))}</div>
            {canRemoveEntry(entries.length) ? (
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={t('post_editor.remove_value_of', { label: `${label} ${index + 1}` })}
                onClick={() => onChange(entries.filter((_, i) => i !== index))}
              >
                {t('post_editor.remove_value')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {cardinality !== 1 && canAddEntry({ cardinality }, entries.length) ? (
        <button type="button" className="button button-ghost button-small" onClick={() => onChange([...entries, blank])}>
          {t('post_editor.add_value', { label })}
        </button>
      ) : null}
    </>
  );
}
