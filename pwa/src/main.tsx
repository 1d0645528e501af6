import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { applyTheme, readTheme } from './theme/theme.ts';
import './styles/base.css';

// The offline bar and refused-replay messages sit above every screen; Dexie loads with them, after the shell.
const OfflineIndicator = lazy(() =>
  import('./components/OfflineIndicator.tsx').then((m) => ({ default: m.OfflineIndicator })),
);

const MOCKS = import.meta.env.MODE === 'mocks';

async function boot(): Promise<void> {
  applyTheme(readTheme());
  // `npm run dev:mocks`: MSW answers /api and /ws in the page before anything renders (no API, no database).
  if (MOCKS) await import('@shabaash/mocks/browser').then((m) => m.startMockWorker());

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={null}>
        <OfflineIndicator />
      </Suspense>
      <App />
    </StrictMode>,
  );

  // The offline mirror: pull on open, online and visibility; one tab replays the outbox (persist() asked once).
  void import('./sync/index.ts').then((m) => m.startSync());

  // After first paint: the service worker update prompt (never in mock mode, where MSW owns the worker slot).
  if (import.meta.env.PROD && !MOCKS) {
    window.addEventListener('load', () => {
      void import('./pwa/registerServiceWorker.ts').then((m) => m.registerServiceWorker());
    });
  }
}

void boot();
