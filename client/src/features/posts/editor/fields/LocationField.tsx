import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PointEntry } from '../post-form';
import { EntryList } from './EntryList';
import { entryLabel, type FieldProps } from './field-props';
import { EntryError, FieldFrame } from './FieldFrame';
import { LocationSearch } from './LocationSearch';
import { PickerMap } from './PickerMap';

const BLANK: PointEntry = { lat: '', lon: '' };
/** Spec 2 section 9: a cached position up to a minute old is fine. */
const GEOLOCATION_MAX_AGE_MS = 60_000;
const round = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** Geolocation only over a secure connection or on localhost (spec 2 section 2, screen 9). */
const canLocate = () => typeof window !== 'undefined' && window.isSecureContext && 'geolocation' in navigator;

function Picker({
  entry,
  label,
  errorAt,
  onChange,
}: {
  entry: PointEntry;
  label: string;
  errorAt: (suffix: string) => string | undefined;
  onChange: (entry: PointEntry) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [locating, setLocating] = useState(false);
  const [locateFailed, setLocateFailed] = useState(false);
  // The map follows the boxes when "Update map" is pressed, and every pick elsewhere.
  const [shown, setShown] = useState<PointEntry>(entry);
  const pick = (lat: number, lon: number) => {
    const next = { lat: round(lat), lon: round(lon) };
    setShown(next);
    onChange(next);
  };
  const latError = errorAt('lat');
  const lonError = errorAt('lon');
  return (
    <div className="location-picker">
      <PickerMap point={shown} label={label} onPick={pick} />
      <LocationSearch label={label} onPick={(place) => pick(place.lat, place.lon)} />
      {canLocate() ? (
        <button
          type="button"
          className="button button-ghost button-small"
          disabled={locating}
          onClick={() => {
            setLocating(true);
            setLocateFailed(false);
            navigator.geolocation.getCurrentPosition(
              (position) => {
                setLocating(false);
                pick(position.coords.latitude, position.coords.longitude);
              },
              () => {
                setLocating(false);
                setLocateFailed(true);
              },
              { maximumAge: GEOLOCATION_MAX_AGE_MS, timeout: 15_000 },
            );
          }}
        >
          {t('post_editor.use_my_location')}
        </button>
      ) : null}
      {locateFailed ? (
        <p className="field-error" role="alert">
          {t('post_editor.location.my_location_error')}
        </p>
      ) : null}
      <div className="latlon">
        <div className={`field${latError ? ' field-invalid' : ''}`}>
          <label htmlFor={`${id}-lat`} className="field-label">
            {t('post_editor.latitude')}
          </label>
          <input
            id={`${id}-lat`}
            className="input"
            inputMode="decimal"
            value={entry.lat}
            aria-invalid={latError ? true : undefined}
            aria-describedby={latError ? `${id}-lat-error` : undefined}
            onChange={(e) => onChange({ ...entry, lat: e.target.value })}
          />
          <EntryError id={`${id}-lat-error`} message={latError} />
        </div>
        <div className={`field${lonError ? ' field-invalid' : ''}`}>
          <label htmlFor={`${id}-lon`} className="field-label">
            {t('post_editor.longitude')}
          </label>
          <input
            id={`${id}-lon`}
            className="input"
            inputMode="decimal"
            value={entry.lon}
            aria-invalid={lonError ? true : undefined}
            aria-describedby={lonError ? `${id}-lon-error` : undefined}
            onChange={(e) => onChange({ ...entry, lon: e.target.value })}
          />
          <EntryError id={`${id}-lon-error`} message={lonError} />
        </div>
        <button type="button" className="button button-ghost button-small" onClick={() => setShown(entry)}>
          {t('post_editor.update_map')}
        </button>
      </div>
    </div>
  );
}

/** Location picker: map, place search, my location, and lat/lon boxes checked for their ranges. */
export function LocationField({ field, entries, onChange, errorAt }: FieldProps<PointEntry>) {
  return (
    <FieldFrame field={field} error={errorAt('')}>
      {() => (
        <EntryList
          entries={entries}
          cardinality={field.cardinality}
          label={field.label}
          blank={BLANK}
          onChange={onChange}
          render={(entry, index, update) => (
            <Picker
              entry={entry}
              label={entryLabel(field.label, index, entries.length)}
              errorAt={(suffix) => errorAt(`${index}.${suffix}`)}
              onChange={update}
            />
          )}
        />
      )}
    </FieldFrame>
  );
}
