import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@refinedev/antd/dist/reset.css';
import './providers/i18n';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
