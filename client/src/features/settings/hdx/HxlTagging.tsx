import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { listHxlTags } from '../../../api/endpoints/hdx';
import { useConfig } from '../../../providers/config-context';
import { isFeatureEnabled } from '../../../providers/features';
import { useLiveQuery } from '../../../providers/query/useLiveQuery';
import { useServices } from '../../../providers/services-context';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { filtersFromParams, filtersToQuery } from '../../common/filter-state';
import { ExportProgress } from '../data-export/ExportProgress';
import { useExport } from '../data-export/useExport';
import { useExportSurveys } from '../data-export/useExportSurveys';
import { HxlFieldRow } from './HxlFieldRow';
import { headingRow, type FieldTagging } from './hxl-heading';
import '../data-export/data-export.css';
import './hdx.css';

/**
 * /settings/hdx (spec 3 "Export and humanitarian data exchange"): the tag and attribute mapping.
 * Each survey field chosen for the export gets an HXL hashtag and attributes picked from
 * `/hxl/tags` (only the tags that fit its type); the export of the current filters then starts
 * with that heading row, to download or to send to the exchange (whose dataset details follow).
 */
export function HxlTagging() {
  const { features } = useConfig();
  if (!isFeatureEnabled(features, 'hxl')) return <Navigate to="/views/map" replace />;
  return <HxlTaggingPage />;
}

function HxlTaggingPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { features } = useConfig();
  const id = useId();
  const navigate = useNavigate();
  useScreenMeta(t('hdx.tagging.title'), { robots: 'noindex, nofollow' });
  const [params] = useSearchParams();
  const { orderby: _orderby, order: _order, order_unlocked_on_top: _top, ...filters } = filtersToQuery(filtersFromParams(params));
  const surveys = useExportSurveys(filters);
  const tags = useLiveQuery(['hxl-tags'], () => listHxlTags(api));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [taggings, setTaggings] = useState<Record<number, FieldTagging>>({});
  const [destination, setDestination] = useState<'download' | 'exchange'>('download');
  const [error, setError] = useState<string | null>(null);
  const exporting = useExport();
  const busy = ['requesting', 'running', 'catchingUp', 'fetchingResult', 'cancelling'].some((s) => exporting.snapshot.matches(s as never));
  const jobId = exporting.snapshot.context.jobId;

  // Sent to the exchange: its dataset details are asked next, while the file is written.
  useEffect(() => {
    if (destination === 'exchange' && jobId !== null) void navigate(`/settings/hdx-details?exportJob=${jobId}`);
  }, [destination, jobId, navigate]);

  const fields = (surveys.data ?? []).flatMap((s) => s.attributes);
  // A refusal is about the choice as it was: any change takes it away until the next attempt.
  const setTagging = (attribute: number, tagging: FieldTagging) => {
    setError(null);
    setTaggings((current) => ({ ...current, [attribute]: tagging }));
    // Tagging a field is choosing it for the export.
    if (tagging.tagId !== null) setSelected((current) => new Set(current).add(attribute));
  };
  const toggle = (attribute: number) => {
    setError(null);
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(attribute)) next.add(attribute);
      return next;
    });
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = fields.filter((a) => selected.has(a.id));
    if (chosen.length === 0) return setError(t('data_export.no_fields'));
    const heading = headingRow(chosen, taggings, tags.data ?? []);
    if (heading.length === 0) return setError(t('data_export.no_tags'));
    setError(null);
    exporting.send({
      type: 'START',
      request: {
        fields: chosen.map((a) => a.key),
        filters,
        format: 'csv',
        include_hxl: true,
        hxl_heading_row: heading,
        send_to_hdx: destination === 'exchange',
      },
    });
  }

  const surveyList = surveys.data;
  const tagList = tags.data;
  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="screen-header">
        <h1 id={`${id}-title`}>{t('hdx.tagging.title')}</h1>
      </div>
      <p className="screen-intro">{t('hdx.tagging.intro')}</p>
      {surveys.isError || tags.isError ? (
        <p className="alert alert-error" role="alert">
          {t('hdx.tagging.load_failed')}
        </p>
      ) : null}
      {!surveyList || !tagList ? (
        <p role="status">{t('app.loading')}</p>
      ) : (
        <form onSubmit={submit} className="hdx-tagging" noValidate>
          {fields.length === 0 ? <p>{t('hdx.tagging.no_fields')}</p> : null}
          {surveyList.map(({ form, attributes }) =>
            attributes.length === 0 ? null : (
              <fieldset key={form.id} className="export-survey">
                <legend>{form.name}</legend>
                <div className="hdx-fields-scroll">
                  <table className="hdx-fields">
                    <thead>
                      <tr>
                        <th scope="col">{t('hdx.tagging.col_export')}</th>
                        <th scope="col">{t('hdx.tagging.col_tag')}</th>
                        <th scope="col">{t('hdx.tagging.col_attributes')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {attributes.map((attribute) => (
                        <HxlFieldRow
                          key={attribute.id}
                          attribute={attribute}
                          tags={tagList}
                          selected={selected.has(attribute.id)}
                          tagging={taggings[attribute.id] ?? { tagId: null, attributes: [] }}
                          onToggle={() => toggle(attribute.id)}
                          onTagging={(tagging) => setTagging(attribute.id, tagging)}
                        />
                      ))}
                    </tbody>
                  </table>
                </div>
              </fieldset>
            ),
          )}
          <fieldset className="field hdx-destination">
            <legend className="field-label">{t('hdx.tagging.destination')}</legend>
            {(['download', 'exchange'] as const).map((choice) => (
              <label key={choice} className="hdx-choice">
                <input
                  className="checkbox"
                  type="radio"
                  name="destination"
                  checked={destination === choice}
                  onChange={() => setDestination(choice)}
                />
                {t(`hdx.tagging.${choice}`)}
              </label>
            ))}
            {destination === 'exchange' && isFeatureEnabled(features, 'user-settings') ? (
              <p className="field-hint">
                {t('hdx.tagging.exchange_hint')} <Link to="/settings/user-settings">{t('hdx.tagging.account_link')}</Link>
              </p>
            ) : null}
          </fieldset>
          {error ? (
            <p className="alert alert-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {t('hdx.tagging.submit')}
            </button>
          </div>
        </form>
      )}
      <ExportProgress {...exporting} toExchange={destination === 'exchange'} />
    </section>
  );
}
