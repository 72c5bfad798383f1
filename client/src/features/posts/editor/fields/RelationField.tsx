import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchRelatedPosts } from '../../../../api/endpoints/post-writes';
import { useServices } from '../../../../app/services-context';
import { canAddEntry, type RelationEntry } from '../post-form';
import type { FieldProps } from './field-props';
import { FieldFrame } from './FieldFrame';
import { useDebounced } from './useDebounced';

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
  // Answers are kept with the term they answer, so a cleared or newer term shows nothing stale.
  const [answer, setAnswer] = useState<{ term: string; results: { id: number; title: string }[] | null; failed: boolean } | null>(null);
  const forms = relatedForms(field.config);
  const formsKey = forms.join(',');

  useEffect(() => {
    if (!term) return;
    let live = true;
    searchRelatedPosts(api, term, formsKey ? formsKey.split(',').map(Number) : []).then(
      (found) => live && setAnswer({ term, results: found, failed: false }),
      () => live && setAnswer({ term, results: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [api, term, formsKey]);
  const current = term && answer?.term === term ? answer : null;
  const results = current?.results ?? null;
  const failed = current?.failed ?? false;

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
