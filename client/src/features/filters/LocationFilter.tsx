import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchPlaces, type GeocodedPlace } from '../../api/endpoints/geocode';
import { useServices } from '../../providers/services-context';
import type { ApiClient } from '../../api/client';
import { useDebounced } from '../common/useDebounced';
import { parseLatLon, RADIUS_OPTIONS, type PostFilters } from '../common/filter-state';

type Search = { term: string; places: GeocodedPlace[] | null };
type LocationChange = Pick<PostFilters, 'center' | 'place' | 'radius'>;

const round = (n: number) => Math.round(n * 1e5) / 1e5;
const atPlace = (p: GeocodedPlace, radius: number | null): LocationChange => ({
  center: `${round(p.lat)},${round(p.lon)}`,
  place: p.name,
  radius: radius ?? RADIUS_OPTIONS[0],
});

/**
 * Filters whose location is typed text not yet looked up (a place name with no centre) get the
 * first place found for it, as applying them geocodes the text (spec 2 section 5). `missing` when
 * nothing matches, `unavailable` when the search cannot be made; other filters come back as they are.
 */
export async function locateTypedPlace(api: ApiClient, filters: PostFilters): Promise<PostFilters | 'missing' | 'unavailable'> {
  if (filters.center || !filters.place) return filters;
  const places = await searchPlaces(api, filters.place).catch(() => null);
  if (!places) return 'unavailable';
  const first = places[0];
  return first ? { ...filters, ...atPlace(first, filters.radius) } : 'missing';
}

/**
 * The location filter (spec 2 screens 15 and 24): `lat,lon` text is used directly, other text is
 * searched with `GET /geocode` 250 ms after typing stops and a result picked, or the first one
 * taken on applying (`locateTypedPlace`); a radius of 1 to 500 km.
 */
export function LocationFilter({
  center,
  place,
  radius,
  onChange,
  problem = null,
  onEnter,
}: {
  center: string;
  place: string;
  radius: number | null;
  onChange: (change: LocationChange) => void;
  /** Applying found no place for the typed name (or could not search): said once, as an error, with the box focused. */
  problem?: 'missing' | 'unavailable' | null;
  /** Enter in the box (applies the filters). */
  onEnter?: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const inputId = useId();
  const radiusId = useId();
  const [text, setText] = useState(place || center);
  const term = useDebounced(text.trim());
  const [search, setSearch] = useState<Search | null>(null);
  const typedPoint = parseLatLon(text);
  // The text names the place already chosen: nothing to search for.
  const chosen = center !== '' && term === place;

  useEffect(() => {
    if (term.length < 2 || parseLatLon(term) || chosen) return;
    const abort = new AbortController();
    searchPlaces(api, term, abort.signal).then(
      (places) => setSearch({ term, places }),
      () => !abort.signal.aborted && setSearch({ term, places: null }),
    );
    return () => abort.abort();
  }, [api, term, chosen]);

  const shown = search && search.term === term && !chosen ? search : null;
  const found = shown ? (shown.places === null ? 'unavailable' : shown.places.length === 0 ? 'missing' : null) : null;
  const message = problem ?? found;
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (problem) box.current?.focus();
  }, [problem]);
  return (
    <div className="filter-location">
      <label className="field-label" htmlFor={inputId}>
        {t('filters.location')}
      </label>
      <input
        ref={box}
        id={inputId}
        type="search"
        className="input"
        maxLength={250}
        placeholder={t('filters.location_placeholder')}
        value={text}
        aria-invalid={problem ? true : undefined}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && onEnter) {
            e.preventDefault();
            onEnter();
          }
        }}
        onChange={(e) => {
          const value = e.target.value;
          setText(value);
          const point = parseLatLon(value);
          if (point) onChange({ center: `${point.lat},${point.lon}`, place: '', radius: radius ?? RADIUS_OPTIONS[0] });
          // A name is looked up: until a place is picked (or applying takes the first), no centre.
          else onChange({ center: '', place: value.trim().slice(0, 250), radius });
        }}
      />
      {typedPoint ? <p className="field-hint">{t('filters.location_point', { lat: typedPoint.lat, lon: typedPoint.lon })}</p> : null}
      {message ? (
        <p className={problem ? 'field-error' : 'field-hint'} role={problem ? 'alert' : undefined}>
          {t(message === 'missing' ? 'filters.no_matching_locations' : 'filters.location_unavailable')}
        </p>
      ) : null}
      {shown?.places?.length ? (
        <ul className="search-results" aria-label={t('filters.location_results')}>
          {shown.places.map((p, i) => (
            <li key={`${p.name}-${i}`}>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setText(p.name);
                  onChange(atPlace(p, radius));
                }}
              >
                {p.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label className="field-label" htmlFor={radiusId}>
        {t('filters.radius')}
      </label>
      <select
        id={radiusId}
        className="select"
        value={radius ?? RADIUS_OPTIONS[0]}
        onChange={(e) => onChange({ center, place, radius: Number(e.target.value) })}
      >
        {RADIUS_OPTIONS.map((km) => (
          <option key={km} value={km}>
            {t('filters.radius_km', { km })}
          </option>
        ))}
      </select>
    </div>
  );
}
