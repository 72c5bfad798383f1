import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadConfig } from './api/endpoints/config';
import { App, createAppInstance } from './app/App';
import { initI18n, loadAllStrings } from './i18n/i18n';
import { loadLanguage } from './session/session-storage';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';

async function boot() {
  // The router starts loading the page's chunk, and the configuration every screen waits for is
  // asked for (the API client keeps the answer), while the translations and the first render start.
  const app = createAppInstance();
  loadConfig(app.services.api).catch(() => undefined);
  const stored = (() => {
    try {
      return loadLanguage(localStorage);
    } catch {
      return null;
    }
  })();
  // Only the language shown is fetched, and of it only what the first screen shows (English is the
  // fallback, loaded if a string lacks). A file that did not arrive leaves the keys showing; the
  // screens' own chunks report the connection.
  await initI18n(stored ?? undefined, { firstPaint: true }).catch((error: unknown) =>
    console.error('The interface strings could not be loaded', error),
  );
  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <App app={app} />
      </StrictMode>,
    );
  }
  // The rest of the language once the page has loaded (on the map, after the map library).
  const rest = () => void loadAllStrings().catch(() => undefined);
  if (document.readyState === 'complete') rest();
  else window.addEventListener('load', rest, { once: true });
}

void boot();
