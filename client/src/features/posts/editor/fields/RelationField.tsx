import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchRelatedPosts } from '../../../../api/endpoints/post-writes';
import { useServices } from '../../../../providers/services-context';
import { useLiveQuery } from '../../../../providers/query/useLiveQuery';
import { canAddEntry, type RelationEntry } from '../post-form';
import type { FieldProps } from './field-props';
import { FieldFrame } from './FieldFrame';
import { useDebounced } from '../../../common/useDebounced';

/** `config.input.form`: the surveys related posts may come from (API-CONTRACT 7.3); none = any. */
function relatedForms(config: Record<string, unknown>): number[] {
  const input = config.input;
  const forms = typeof input === 'object' && input !== null ? (input as { form?: unknown }).form : undefined;
  return Array.isArray(forms) ? forms.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
}

/** Search posts by text and pick the related ones. */
export function RelationField({ field, entries, onChange, errorAt }: FieldProps<RelationEntry>) {
  const { t } = useTranslation();
  const { api } = useServices();
  const id = useId();
  const [query, setQuery] = useState('');
  const term = useDebounced(query.trim());
  const forms = relatedForms(field.config);
  // Answers belong to their term, so a cleared or newer term shows nothing stale.
  const answer = useLiveQuery(['related-posts', term, forms], () => searchRelatedPosts(api, term, forms), { enabled: term !== '' });
  const results = term ? (answer.data ?? null) : null;
  const failed = term !== '' && answer.isError;

  const canAdd = canAddEntry(field, entries.length);
  return (
    <FieldFrame field={field} error={errorAt('')}>
      {() => (
        <>
          {entries.length > 0 ? (
            <ul className="relation-list">
              {entries.map((entry) => (
                <li key={entry.id}>
                  <span>{entry.title || `#${entry.id}`}</span>
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-label={t('post_editor.remove_value_of', { label: entry.title })}
                    onClick={() => onChange(entries.filter((e) => e.id !== entry.id))}
                  >
                    {t('post_editor.remove_value')}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {canAdd ? (
            <div className="field">
              <label htmlFor={`${id}-q`} className="field-label">
                {t('post_editor.relation_search', { label: field.label })}
              </label>
              <input
                id={`${id}-q`}
                type="search"
                className="input"
                value={query}
                maxLength={250}
                onChange={(e) => setQuery(e.target.value)}
              />
              {failed ? <p className="field-hint">{t('post_editor.search_failed')}</p> : null}
              {results && results.length === 0 ? <p className="field-hint">{t('post_editor.no_search_results')}</p> : null}
              {results && results.length > 0 ? (
                <ul className="search-results" aria-label={t('post_editor.search_results')}>
                  {results
                    .filter((r) => !entries.some((e) => e.id === r.id))
                    .map((r) => (
                      <li key={r.id}>
                        <button
                          type="button"
                          className="link-button"
                          onClick={() => {
                            onChange([...entries, { id: r.id, title: r.title }]);
                            setQuery('');
                          }}
                        >
                          {r.title || `#${r.id}`}
                        </button>
                      </li>
                    ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </FieldFrame>
  );
}
