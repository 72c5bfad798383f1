import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toDay } from '../../i18n/days';
import { isValidCustom, type ActivityRange } from './date-range';

const KINDS = ['all', 'week', 'month', 'custom'] as const;

/** All time, this week, this month, or custom start and end days with Cancel and Apply (spec 2 screen 23). */
export function DateRangePicker({ range, onChange }: { range: ActivityRange; onChange: (range: ActivityRange) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const today = toDay(new Date());
  const [start, setStart] = useState(range.kind === 'custom' ? range.start : today);
  const [end, setEnd] = useState(range.kind === 'custom' ? range.end : today);
  const shownKind = editing ? 'custom' : range.kind;
  const valid = isValidCustom(start, end);

  return (
    <div className="activity-range">
      <fieldset className="activity-range-kinds">
        <legend className="field-label">{t('activity.range')}</legend>
        {KINDS.map((kind) => (
          <label key={kind} className="radio">
            <input
              type="radio"
              name={`${id}-range`}
              checked={shownKind === kind}
              onChange={() => {
                if (kind === 'custom') setEditing(true);
                else {
                  setEditing(false);
                  onChange({ kind });
                }
              }}
            />
            {t(`activity.range_${kind}`)}
          </label>
        ))}
      </fieldset>
      {range.kind === 'custom' && !editing ? (
        <p className="activity-range-shown">
          {t('activity.range_shown', { start: range.start, end: range.end })}{' '}
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            {t('activity.change_dates')}
          </button>
        </p>
      ) : null}
      {editing ? (
        <div className="activity-custom">
          <label className="field-label" htmlFor={`${id}-start`}>
            {t('activity.start')}
          </label>
          <input
            id={`${id}-start`}
            type="date"
            className="input"
            value={start}
            max={end || undefined}
            onChange={(e) => setStart(e.target.value)}
          />
          <label className="field-label" htmlFor={`${id}-end`}>
            {t('activity.end')}
          </label>
          <input
            id={`${id}-end`}
            type="date"
            className="input"
            value={end}
            min={start || undefined}
            onChange={(e) => setEnd(e.target.value)}
          />
          {!valid ? <p className="field-error">{t('activity.custom_invalid')}</p> : null}
          <div className="activity-custom-buttons">
            <button type="button" className="button button-ghost" onClick={() => setEditing(false)}>
              {t('activity.cancel')}
            </button>
            <button
              type="button"
              className="button button-primary"
              disabled={!valid}
              onClick={() => {
                setEditing(false);
                onChange({ kind: 'custom', start, end });
              }}
            >
              {t('activity.apply')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
