import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { readToken } from './api/client.ts';
import { whenIdle } from './components/DeferredOfflineLayer.tsx';
import { applyTheme, readTheme } from './theme/theme.ts';
import { activateLanguage } from './i18n/i18n.tsx';
import { initialLanguage } from './i18n/language.ts';
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
  // The chosen language's catalogue (only that one) before the first render, so nothing renders in another.
  const language = initialLanguage();
  await activateLanguage(language);
  // `npm run dev:mocks`: MSW answers /api and /ws in the page before anything renders (no API, no database).
  if (MOCKS) await import('@shabaash/mocks/browser').then((m) => m.startMockWorker());

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // The public routes (/, /guest-tip, /login, /developers) are prerendered at build time for signed-out visitors, in
  // each language: hydrate that HTML when it is this route's in this language, nobody is signed in and the URL has
  // no query but `lang` (the prerender saw none: a guest link's `?c=<handle>` changes the first render); otherwise
  // render from scratch. Hydrating in a transition lets React yield every few ms (no long task).
  const query = new URLSearchParams(window.location.search);
  query.delete('lang');
  if (
    root.dataset.prerendered === window.location.pathname &&
    root.dataset.lang === language &&
    query.size === 0 &&
    !readToken()
  ) {
    startTransition(() => void hydrateRoot(root, app));
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
  // index.html's inline script hid a prerendered page of the other language (data-relang): it is replaced now.
  delete document.documentElement.dataset.relang;
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
