import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfigState } from '../../providers/config-context';
import { isViewEnabled } from '../../providers/features';
import { usePostFilters } from '../filters/usePostFilters';
import { PostPopupCard } from '../posts/PostPopupCard';
import { PostsMap } from '../map/PostsMap';
import '../map/map.css';

/** `/map/noui` (spec 2 section 2): the posts map alone, for embedding, with the site's logo. */
export function MapNoUi() {
  const { t } = useTranslation();
  const { config } = useConfigState();
  const { query } = usePostFilters();
  if (!config) return <p className="loading">{t('app.loading')}</p>;
  const name = config.site.name || t('app.name');
  // A plan without the map view has no embed of it either (spec 2 section 6).
  if (!isViewEnabled(config.features, 'map'))
    return <p className="view-unavailable map-noui-unavailable">{t('views.unavailable', { view: t('views.map.title') })}</p>;
  return (
    <div className="map-noui">
      <PostsMap query={query} className="map-noui-canvas" Popup={PostPopupCard} />
      <Link to="/" className="map-noui-logo" target="_top">
        {config.site.image_header ? <img src={config.site.image_header} alt="" /> : null}
        <span>{name}</span>
      </Link>
    </div>
  );
}

export { MapNoUi as Component };
