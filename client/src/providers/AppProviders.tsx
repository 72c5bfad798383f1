import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfigProvider } from '../app/config-context';
import type { AppServices } from '../app/services';
import { ServicesContext } from '../app/services-context';

/** What every screen may use: the tab's services, its loaded data and the site's configuration. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queries}>
        <ConfigProvider>{children}</ConfigProvider>
      </QueryClientProvider>
    </ServicesContext.Provider>
  );
}
