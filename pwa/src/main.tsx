import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { readToken } from './api/client.ts';
import { whenIdle } from './components/DeferredOfflineLayer.tsx';
import { applyTheme, readTheme } from './theme/theme.ts';
import './styles/base.css';

const MOCKS = import.meta.env.MODE === 'mocks';

/**
 * OBS's browser source defines `window.obsstudio`: there /overlay is always the bare overlay, even from a link that
 * lacks display=1 (the Overlay Studio is a page for a browser, SPEC §2). Answers true when it handed over.
 */
function handOverToObsOverlay(): boolean {
  if (window.location.pathname !== '/overlay' || !('obsstudio' in window)) return false;
  window.location.replace(`/overlay.html${window.location.search}`);
  return true;
}

async function boot(): Promise<void> {
  if (handOverToObsOverlay()) return;
  applyTheme(readTheme());
  // `npm run dev:mocks`: MSW answers /api and /ws in the page before anything renders (no API, no database).
  if (MOCKS) await import('@shabaash/mocks/browser').then((m) => m.startMockWorker());

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // The public routes (/, /guest-tip, /login, /developers) are prerendered at build time for signed-out visitors: hydrate that
  // HTML when it is this route's, nobody is signed in and the URL has no query (the prerender saw none: a guest
  // link's `?c=<handle>` changes the first render); otherwise render from scratch.
  // Hydrating in a transition lets React yield every few ms, so the page stays responsive (no long task).
  if (root.dataset.prerendered === window.location.pathname && !window.location.search && !readToken()) {
    startTransition(() => void hydrateRoot(root, app));
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
  // The offline mirror (Dexie) and its indicator start later, from <DeferredOfflineLayer> in the app frame.

  // After load, when idle: the service worker update prompt (never in mock mode, where MSW owns the worker slot).
  if (import.meta.env.PROD && !MOCKS) {
    const register = () =>
      whenIdle(() => void import('./serviceWorker/register.ts').then((m) => m.registerServiceWorker()));
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}

void boot();
