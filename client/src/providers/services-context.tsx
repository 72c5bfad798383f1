import { createContext, useContext, useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Actor } from 'xstate';
import type { ApiClient } from '../api';
import type { Dialogs } from './dialogs';
import type { Notices } from './notices';
import type { LoginMachine } from '../session/session.machine';
import type { RealtimeClient } from '../realtime/realtime-client';

/** The tab's services, built once by the shell (app/services.ts) and given to every screen. */
export type AppServices = {
  api: ApiClient;
  session: Actor<LoginMachine>;
  realtime: RealtimeClient;
  /** Loaded data, keyed by session and resource; pushed events mark it stale. */
  queries: QueryClient;
  notices: Notices;
  dialogs: Dialogs;
  storage: Storage | undefined;
  /** Connects the realtime socket and lets its events refresh loaded data; returns the matching stop. */
  start(): () => void;
};

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesContext provider');
  return services;
}

export const useApi = () => useServices().api;

export function useNotices() {
  const { notices } = useServices();
  const list = useSyncExternalStore(notices.subscribe, notices.getSnapshot);
  return { notices, list };
}

export function useDialogs() {
  const { dialogs } = useServices();
  const state = useSyncExternalStore(dialogs.subscribe, dialogs.getSnapshot);
  return { dialogs, state };
}
