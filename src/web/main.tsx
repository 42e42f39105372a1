import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@refinedev/antd/dist/reset.css';
import { i18nReady } from './providers/i18n';
import { App, firstScreenReady } from './App';

// Texts first: a screen rendered before its language arrives would flash its keys.
void Promise.all([i18nReady, firstScreenReady]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
