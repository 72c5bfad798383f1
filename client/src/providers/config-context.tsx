import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { loadConfig, type AppConfig } from '../api/endpoints/config';
import { useServerEvents } from './useServerEvents';
import { useServices } from './services-context';

export type ConfigState =
  | { status: 'loading'; config: null; error: null }
  | { status: 'ready'; config: AppConfig; error: null }
  | { status: 'error'; config: AppConfig | null; error: unknown };

type ConfigContextValue = ConfigState & { reload: () => Promise<void> };

const ConfigContext = createContext<ConfigContextValue | null>(null);

/**
 * Site, features and map config from `GET /config`: loaded at start (bootstrap), again after login
 * and logout (what the caller may do changes) and whenever the server pushes `config.updated`.
 */
export function ConfigProvider({ children }: { children: ReactNode }) {
  const { api, session } = useServices();
  const [state, setState] = useState<ConfigState>({ status: 'loading', config: null, error: null });

  const reload = useCallback(async () => {
    try {
      const config = await loadConfig(api);
      setState({ status: 'ready', config, error: null });
    } catch (error) {
      setState((previous) => ({ status: 'error', config: previous.config, error }));
    }
  }, [api]);

  useEffect(() => {
    void reload();
    const subscriptions = [session.on('loggedIn', () => void reload()), session.on('loggedOut', () => void reload())];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [reload, session]);

  useServerEvents('config.updated', () => {
    api.clearCache();
    void reload();
  });

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
