import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppInstance } from './app/App';
import { changeLanguage, initI18n } from './i18n/i18n';
import { loadLanguage } from './features/session/session-storage';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';

async function boot() {
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
    const app = createAppInstance();
    createRoot(root).render(
      <StrictMode>
        <App app={app} />
      </StrictMode>,
    );
  }
}

void boot();
