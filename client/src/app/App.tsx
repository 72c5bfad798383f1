import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../providers/AppProviders';
import { routes } from './routes';
import type { AppServices } from '../providers/services-context';
import { createAppServices } from './services';

export type AppInstance = { router: ReturnType<typeof createBrowserRouter>; services: AppServices };

/** Built once per tab, outside React, so the session and API client exist before the first render. */
export function createAppInstance(): AppInstance {
  const router = createBrowserRouter(routes);
  const services = createAppServices({
    navigate: (to) => void router.navigate(to),
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  });
  return { router, services };
}

/** The whole single-page app: services (session, API, realtime), config, then the routes. */
export function App({ app }: { app: AppInstance }) {
  const { router, services } = app;
  useEffect(() => services.start(), [services]);
  return (
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
