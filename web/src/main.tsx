import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/app';
import { session } from './lib/session';

// Start verifying a stored session at once; its code is only downloaded when there is one.
if (session.getState().status === 'restoring') {
  void import('./lib/session-restore').then(({ restoreSession }) => restoreSession());
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
