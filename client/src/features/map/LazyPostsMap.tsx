import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import { useConfig } from '../../app/config-context';
import { useServices } from '../../app/services-context';
import { prefetchWorldClusters } from './cluster-prefetch';
import { mapDefaults } from './map-defaults';

const PostsMap = lazy(() => import('./PostsMap').then((module) => ({ default: module.PostsMap })));

/**
 * The posts map, loaded on its own: while maplibre-gl (most of the route's JavaScript) downloads
 * and starts, the map's first answer from the server is already on its way.
 */
export function LazyPostsMap(props: ComponentProps<typeof PostsMap>) {
  const { api } = useServices();
  const view = mapDefaults(useConfig().map);
  const { query } = props;
  useEffect(() => {
    if (view.fitBounds) prefetchWorldClusters(api, query, view.zoom);
  }, [api, query, view.fitBounds, view.zoom]);
  return (
    <Suspense fallback={<div className={props.className ?? 'map-view-canvas'} />}>
      <PostsMap {...props} />
    </Suspense>
  );
}
