import type { ExportFormat } from '@platform/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportRequest } from '../../../api/endpoints/exports';
import type { Query } from '../../../api/query';
import { SelectField } from '../../../ui/SelectField';
import { useExportSurveys } from './useExportSurveys';

/**
 * What to export (spec 3 sections 2 and 5): all fields or the selected ones, as CSV or GeoJSON. The
 * posts are those of the current filters. HXL tagging, and sending to the exchange, have their own
 * page (/settings/hdx), linked above this form when the hxl feature is on.
 */
export function ExportForm({ filters, busy, onExport }: { filters: Query; busy: boolean; onExport: (request: ExportRequest) => void }) {
  const { t } = useTranslation();
  const surveys = useExportSurveys(filters);
  const [scope, setScope] = useState<'all' | 'selected'>('all');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [error, setError] = useState<string | null>(null);
  const attributes = (surveys.data ?? []).flatMap((s) => s.attributes);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = scope === 'all' ? attributes : attributes.filter((a) => selected.has(a.id));
    if (scope === 'selected' && chosen.length === 0) return setError(t('data_export.no_fields'));
    setError(null);
    onExport({
      fields: scope === 'all' ? null : chosen.map((a) => a.key),
      filters,
      format,
      include_hxl: false,
      hxl_heading_row: null,
      send_to_hdx: false,
    });
  }

  return (
    <form onSubmit={submit} className="export-form" noValidate>
      <fieldset className="field">
        <legend className="field-label">{t('data_export.fields')}</legend>
        <label className="export-choice">
          <input className="checkbox" type="radio" name="scope" checked={scope === 'all'} onChange={() => setScope('all')} />{' '}
          {t('data_export.all_fields')}
        </label>
        <label className="export-choice">
          <input className="checkbox" type="radio" name="scope" checked={scope === 'selected'} onChange={() => setScope('selected')} />{' '}
          {t('data_export.selected_fields')}
        </label>
      </fieldset>
      {scope === 'selected' ? (
        surveys.data ? (
          surveys.data.map(({ form, attributes: fields }) => (
            <fieldset key={form.id} className="export-survey">
              <legend>{form.name}</legend>
              {fields.map((a) => (
                <div key={a.id} className="export-field">
                  <label className="export-choice">
                    <input className="checkbox" type="checkbox" checked={selected.has(a.id)} onChange={() => toggle(a.id)} /> {a.label}
                  </label>
                </div>
              ))}
            </fieldset>
          ))
        ) : (
          <p role="status">{t('app.loading')}</p>
        )
      ) : null}
      <SelectField label={t('data_export.format')} value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
        <option value="csv">{t('data_export.format_csv')}</option>
        <option value="geojson">{t('data_export.format_geojson')}</option>
      </SelectField>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={busy}>
        {t('data_export.export')}
      </button>
    </form>
  );
}
