import { Navigate, type RouteObject } from 'react-router';
import { ActivityView } from '../features/views/ActivityView';
import { Layout } from './Layout';
import type { SetKind } from '../features/common/set-scope';
import { loadChunk } from '../ui/lazy-chunk';
import { OpenDialogRoute } from './routes/OpenDialogRoute';
import { RouteError } from './routes/RouteError';
import { ForbiddenPage, NotFoundPage } from './routes/StatusPage';

/** The data view's post column: a post, its editor, or a new post's form (spec 2 section 2). */
const postColumn: RouteObject[] = [
  { path: 'posts/:id', lazy: () => loadChunk(() => import('../features/posts/PostDetail')) },
  { path: 'posts/:id/edit', lazy: () => loadChunk(() => import('../features/posts/editor/PostEditorRoute')) },
  { path: 'posts/create/:formId', lazy: () => loadChunk(() => import('../features/posts/editor/PostEditorRoute')) },
];
/** A collection's or saved search's data view keeps its post column inside the mode. */
const setPostColumn: RouteObject[] = [{ index: true }, ...postColumn];

/**
 * Collection and saved-search modes (spec 2 section 2), each its own chunk with the data view, so
 * the map route (the landing page) carries neither.
 */
function setRoutes(kind: SetKind, base: string): RouteObject[] {
  const load = () => loadChunk(() => import('../features/views/SetScopeRoute'));
  return [
    { path: base, lazy: () => load().then(({ SetRedirect }) => ({ element: <SetRedirect kind={kind} /> })) },
    {
      path: `${base}/data`,
      lazy: () => load().then(({ SetScopeRoute }) => ({ element: <SetScopeRoute kind={kind} view="data" /> })),
      children: setPostColumn,
    },
    { path: `${base}/map`, lazy: () => load().then(({ SetScopeRoute }) => ({ element: <SetScopeRoute kind={kind} view="map" /> })) },
  ];
}

/** Every route of spec 1 section 2; posts routes (spec 2) join the children here. */
export const routes: RouteObject[] = [
  // The embeddable map: no header, menus or footer (spec 2 section 2).
  {
    path: 'map/noui',
    errorElement: <RouteError />,
    lazy: () => loadChunk(() => import('../features/views/MapNoUi'), { allStrings: false }),
  },
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/views/map" replace /> },
      // The landing page: drawn with the first screen's strings, the rest of the language comes after.
      { path: 'views/map', lazy: () => loadChunk(() => import('../features/views/MapView'), { allStrings: false }) },
      {
        // The data view frames both its list and the post column (spec 2 section 2).
        lazy: () => loadChunk(() => import('../features/views/DataView')),
        children: [{ path: 'views/data' }, ...postColumn],
      },
      { path: 'views/create', element: <Navigate to="/views/map" replace /> },
      ...setRoutes('collection', 'collections/:setId'),
      ...setRoutes('savedsearch', 'savedsearches/:setId'),
      { path: 'activity', element: <ActivityView /> },
      { path: 'login', element: <OpenDialogRoute dialog="login" /> },
      { path: 'register', element: <OpenDialogRoute dialog="register" /> },
      { path: 'forgotpassword', element: <OpenDialogRoute dialog="forgotPassword" /> },
      { path: 'forgotpassword/confirm/:token?', element: <OpenDialogRoute dialog="resetConfirm" /> },
      { path: 'forbidden', element: <ForbiddenPage /> },
      { path: '404', element: <NotFoundPage /> },
      { path: 'verifier', lazy: () => loadChunk(() => import('../features/verifier/verifier.route')) },
      { path: 'settings/*', lazy: () => loadChunk(() => import('../features/settings/settings.route')) },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
