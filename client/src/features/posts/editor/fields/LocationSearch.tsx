import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { geocode, type Place } from '../../../../api/endpoints/post-writes';
import { isApiError } from '../../../../api/errors';
import { useServices } from '../../../../providers/services-context';
import { useDebounced } from '../../../common/useDebounced';

type Search = { state: 'idle' } | { state: 'found'; places: Place[] } | { state: 'none' } | { state: 'unavailable' };

/** Place search (debounced, at most 250 characters, spec 2 sections 5 and 9) over `GET /geocode`. */
export function LocationSearch({ label, onPick }: { label: string; onPick: (place: Place) => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const id = useId();
  const [text, setText] = useState('');
  const term = useDebounced(text.trim());
  // Answers are kept with the term they answer, so a cleared or newer term shows nothing stale.
  const [answer, setAnswer] = useState<{ term: string; search: Search } | null>(null);

  useEffect(() => {
    if (!term) return;
    const setSearch = (search: Search) => setAnswer({ term, search });
    const abort = new AbortController();
    geocode(api, term, abort.signal).then(
      (places) => setSearch(places.length > 0 ? { state: 'found', places } : { state: 'none' }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        // No geocoder on this server (404) or the server unreachable: the lat/lon boxes still work.
        setSearch(isApiError(error) && error.status === 422 ? { state: 'none' } : { state: 'unavailable' });
      },
    );
    return () => abort.abort();
  }, [api, term]);

  const search: Search = term && answer?.term === term ? answer.search : { state: 'idle' };
  return (
    <div className="field location-search">
      <label htmlFor={id} className="field-label">
        {t('post_editor.location_search', { label })}
      </label>
      <input id={id} type="search" className="input" maxLength={250} value={text} onChange={(e) => setText(e.target.value)} />
      {search.state === 'none' ? <p className="field-hint">{t('post_editor.location.no_matching_locations')}</p> : null}
      {search.state === 'unavailable' ? <p className="field-hint">{t('post_editor.location.search_unavailable')}</p> : null}
      {search.state === 'found' ? (
        <ul className="search-results" aria-label={t('post_editor.search_results')}>
          {search.places.map((place, index) => (
            <li key={`${place.name}-${index}`}>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  onPick(place);
                  setText('');
                }}
              >
                {place.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
