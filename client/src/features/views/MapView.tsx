import { useTranslation } from 'react-i18next';
import { ScreenRegion } from '../../providers/ScreenRegion';
import MapViewBody from './MapViewBody';
import { ViewFrame } from './ViewFrame';

/**
 * The map view (spec 2 screen 11), a chunk of its own loaded by the route: the map library itself
 * loads once the map is on the page (BaseMap), while the map's first answer is already on its way.
 */
export function MapView() {
  const { t } = useTranslation();
  return (
    <ViewFrame view="map" title={t('views.map.title')}>
      <ScreenRegion region="map">
        <MapViewBody />
      </ScreenRegion>
    </ViewFrame>
  );
}

export { MapView as Component };
