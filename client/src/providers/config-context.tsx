import { keepPreviousData } from '@tanstack/react-query';
import { createContext, useContext, useRef, type ReactNode } from 'react';
import { loadConfig, type AppConfig } from '../api/endpoints/config';
import { useLiveQuery } from './query/useLiveQuery';
import { useServices } from './services-context';

export type ConfigState =
  | { status: 'loading'; config: null; error: null }
  | { status: 'ready'; config: AppConfig; error: null }
  | { status: 'error'; config: AppConfig | null; error: unknown };

type ConfigContextValue = ConfigState & { reload: () => Promise<void> };

const ConfigContext = createContext<ConfigContextValue | null>(null);

/**
 * Site, features and map config from `GET /config`, on the data layer: read for each session (what
 * the caller may do changes with a login or logout) and again whenever the server pushes
 * `config.updated` (`live-keys.ts`). The config read for the previous session stays on screen while
 * the next one loads, so the bootstrap gate never closes again once it has opened.
 */
export function ConfigProvider({ children }: { children: ReactNode }) {
  const { api } = useServices();
  // The first read takes the answer main.tsx asked for while the code loaded; later reads follow a
  // change, so they ask the server.
  const loaded = useRef(false);
  const query = useLiveQuery(
    ['config', 'app'],
    async () => {
      const config = await loadConfig(api, { fresh: loaded.current });
      loaded.current = true;
      return config;
    },
    { placeholderData: keepPreviousData },
  );
  const reload = async () => void (await query.refetch());
  const state: ConfigState = query.isError
    ? { status: 'error', config: query.data ?? null, error: query.error }
    : query.data
      ? { status: 'ready', config: query.data, error: null }
      : { status: 'loading', config: null, error: null };

  return <ConfigContext.Provider value={{ ...state, reload }}>{children}</ConfigContext.Provider>;
}

export function useConfigState(): ConfigContextValue {
  const value = useContext(ConfigContext);
  if (!value) throw new Error('useConfigState needs a ConfigProvider');
  return value;
}

/** The loaded config; components below the bootstrap gate can rely on it. */
export function useConfig(): AppConfig & { reload: () => Promise<void> } {
  const { config, reload } = useConfigState();
  if (!config) throw new Error('useConfig used before the config was loaded');
  return { ...config, reload };
}
