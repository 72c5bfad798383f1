import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfigProvider } from './config-context';
import { ServicesContext, type AppServices } from './services-context';

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
