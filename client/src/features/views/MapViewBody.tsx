import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterBar } from '../filters/FilterBar';
import { AddPostButton } from '../posts/AddPostButton';
import '../filters/filters.css';
import { FilterSidebar } from '../filters/FilterSidebar';
import { useFilterChoices, useFilterCounts } from '../filters/useFilterData';
import { usePostFilters } from '../filters/usePostFilters';
import { PostPopupCard } from '../posts/PostPopupCard';
import { PostsMap, type PostsMapStatus } from '../map/PostsMap';

/**
 * The map view's content (spec 2 screen 11): the survey and source filters beside the map, the
 * filter toolbar with the number of mapped posts, a link to the matching posts the map cannot show
 * (no location) and the heatmap switch above it.
 */
export default function MapViewBody() {
  const { t } = useTranslation();
  const filtering = usePostFilters();
  const choices = useFilterChoices();
  const counts = useFilterCounts(filtering.filters, { unmapped: true });
  const [heatmap, setHeatmap] = useState(false);
  const [status, setStatus] = useState<PostsMapStatus>({ state: 'loading', total: null });
  const surveys = choices?.surveys ?? [];
  const tags = choices?.tags ?? [];

  return (
    <div className="map-layout">
      <FilterSidebar filtering={filtering} surveys={surveys} counts={counts} />
      <div className="map-main">
        <div className="map-toolbar">
          <div className="map-filter-row">
            <FilterBar filtering={filtering} surveys={surveys} tags={tags} onMap />
            <AddPostButton primary />
          </div>
          <div className="map-toolbar-end">
            <p className="map-stats" role="status" data-state={status.state}>
              {status.state === 'unavailable'
                ? null
                : status.state === 'failed'
                  ? t('map.load_failed')
                  : status.total === null
                    ? t('app.loading')
                    : t('map.total', { count: status.total })}
            </p>
            {counts?.unmapped ? (
              <Link className="map-unmapped" to={filtering.listPath({ hasLocation: 'unmapped' })} title={t('map.unmapped_hint')}>
                {t('map.unmapped', { count: counts.unmapped })}
              </Link>
            ) : null}
            <label className="field-check">
              <input type="checkbox" role="switch" className="switch" checked={heatmap} onChange={(e) => setHeatmap(e.target.checked)} />
              {t('map.heatmap')}
            </label>
          </div>
        </div>
        <PostsMap query={filtering.query} heatmap={heatmap} onStatus={setStatus} Popup={PostPopupCard} />
      </div>
    </div>
  );
}
