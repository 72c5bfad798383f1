import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadConfig } from './api/endpoints/config';
import { App, createAppInstance } from './app/App';
import { changeLanguage, initI18n } from './i18n/i18n';
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
  await initI18n();
  const stored = (() => {
    try {
      return loadLanguage(localStorage);
    } catch {
      return null;
    }
  })();
  if (stored) await changeLanguage(stored);
  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <App app={app} />
      </StrictMode>,
    );
  }
}

void boot();
