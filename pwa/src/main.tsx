import { TOKEN_STORAGE_KEY } from '@shabaash/shared/core';
import { fetchCatalogue } from './i18n/catalogue.ts';
import { initialLanguage, type Language } from './i18n/language.ts';
import { whenIdle } from './lib/idle.ts';
import { keepStatic, visitorActed } from './staticPage.ts';
import { applyTheme, readTheme } from './theme/themeStore.ts';
import type { StartOptions } from './boot.tsx';
import './styles/base.css';

// The entry stays free of React: the static public pages (staticPage.ts) never load it unless the visitor acts, and
// every other page loads the app (boot.tsx) at once.

/**
 * The prerendered routes whose HTML stays static until the visitor acts: nothing on them changes by itself (the
 * guest page loads its featured creator and minimum, /developers is read-only text: both hydrate at once).
 */
const STATIC_ROUTES: ReadonlySet<string> = new Set(['/', '/login']);

/**
 * OBS's browser source defines `window.obsstudio`: there /overlay is always the bare overlay, even from a link that
 * lacks display=1 (the Overlay Studio is a page for a browser, SPEC §2). Answers true when it handed over.
 */
function handOverToObsOverlay(): boolean {
  if (window.location.pathname !== '/overlay' || !('obsstudio' in window)) return false;
  window.location.replace(`/overlay.html${window.location.search}`);
  return true;
}

function signedIn(): boolean {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The public routes (/, /guest-tip, /login, /developers) are prerendered at build time for signed-out visitors, in
 * each language: #root holds what React would render now when it is this route's in this language, nobody is signed
 * in and the URL has no query but `lang` (the prerender saw none: a guest link's `?c=<handle>` changes the first
 * render).
 */
function prerenderFits(root: HTMLElement, language: Language): boolean {
  const query = new URLSearchParams(window.location.search);
  query.delete('lang');
  return (
    root.dataset.prerendered === window.location.pathname &&
    root.dataset.lang === language &&
    query.size === 0 &&
    !signedIn()
  );
}

const startApp = (options: StartOptions) => import('./boot.tsx').then((m) => m.startApp(options));

function main(): void {
  if (handOverToObsOverlay()) return;
  const theme = readTheme();
  applyTheme(theme);
  const language = initialLanguage();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');

  const hydrate = prerenderFits(root, language);
  // The prerender drew the light theme's switch: a dark choice needs React's redraw at once.
  if (hydrate && theme === 'light' && STATIC_ROUTES.has(window.location.pathname) && !visitorActed(root)) {
    keepStatic(root, {
      hydrate: (config, onCommit) => startApp({ root, language, hydrate: true, config, onCommit }),
    });
  } else {
    // The catalogue's fetch starts beside React's (the app awaits the same import before its first render).
    void fetchCatalogue(language);
    void startApp({ root, language, hydrate });
  }

  // After load, when idle: the service worker update prompt (never in mock mode, where MSW owns the worker slot).
  if (import.meta.env.PROD && import.meta.env.MODE !== 'mocks') {
    const register = () =>
      whenIdle(() => void import('./serviceWorker/register.ts').then((m) => m.registerServiceWorker()));
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}

main();
