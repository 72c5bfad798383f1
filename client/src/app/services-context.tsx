import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AppServices } from './services';

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
