import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../providers/config-context';
import { isFeatureEnabled } from '../../../providers/features';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { filtersToQuery, filtersFromParams } from '../../common/filter-state';
import { Link, useSearchParams } from 'react-router';
import { ExportForm } from './ExportForm';
import { ExportHistory } from './ExportHistory';
import { ExportProgress } from './ExportProgress';
import { useExport } from './useExport';
import './data-export.css';

const TABS = ['export', 'history'] as const;
type Tab = (typeof TABS)[number];

/**
 * /settings/data-export (spec 3 section 2): export the posts of the current filters (those in this
 * page's address, as the data view links them), followed live; and the Export history tab.
 */
export function DataExport() {
  const { t, i18n } = useTranslation();
  const { features } = useConfig();
  const id = useId();
  const [tab, setTab] = useState<Tab>('export');
  const [params] = useSearchParams();
  const { orderby: _orderby, order: _order, order_unlocked_on_top: _top, ...filters } = filtersToQuery(filtersFromParams(params));
  const hxl = isFeatureEnabled(features, 'hxl');
  const title = hxl ? t('settings_hub.export.title_hxl') : t('settings_hub.export.title');
  useScreenMeta(title, { robots: 'noindex, nofollow' });
  const exporting = useExport();
  const busy = ['requesting', 'running', 'catchingUp', 'fetchingResult', 'cancelling'].some((s) => exporting.snapshot.matches(s as never));

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="screen-header">
        <h1 id={`${id}-title`}>{title}</h1>
      </div>
      <div role="tablist" aria-label={title} className="tabs">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            className="tab"
            onClick={() => setTab(name)}
          >
            {t(`data_export.tab_${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`} className="tab-panel">
        {tab === 'export' ? (
          <>
            <p className="screen-intro">{t('data_export.intro')}</p>
            {hxl ? (
              // The tag and attribute mapping (spec 3, /settings/hdx), for the same filters.
              <p>
                <Link to={`/settings/hdx${params.size > 0 ? `?${params.toString()}` : ''}`}>{t('hdx.tagging.link')}</Link>
              </p>
            ) : null}
            <p className="export-filters">
              {t('data_export.filters', {
                status: new Intl.ListFormat(i18n.language).format(
                  ((filters.status as string[] | undefined) ?? []).map((status) => t(`post.status.${status}`, { defaultValue: status })),
                ),
              })}
            </p>
            <ExportForm filters={filters} busy={busy} onExport={(request) => exporting.send({ type: 'START', request })} />
            <ExportProgress {...exporting} />
          </>
        ) : (
          <ExportHistory />
        )}
      </div>
    </section>
  );
}
