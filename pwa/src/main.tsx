import { TOKEN_STORAGE_KEY } from '@shabaash/shared/core';
import { fetchCatalogue } from './i18n/catalogue.ts';
import { initialLanguage, type Language } from './i18n/language.ts';
import { whenIdle } from './lib/idle.ts';
import { keepStatic, visitorActed, type StaticFill } from './staticPage.ts';
import { applyTheme, readTheme } from './theme/themeStore.ts';
import type { StartOptions } from './boot.tsx';
import './styles/base.css';

// The entry stays free of React: the static public pages (staticPage.ts) never load it unless the visitor acts, and
// every other page loads the app (boot.tsx) at once.

interface StaticRoute {
  /** Query parameters besides `lang` the page draws itself before React (the guest page's `?c=<handle>`). */
  query?: readonly string[];
  /** The page's live content drawn without React (staticPage.ts, StaticPage.fill). */
  fill?: (root: HTMLElement, language: Language, fill: StaticFill) => void;
}

/**
 * The prerendered routes: each stays static HTML until the visitor acts. The guest page draws its creator and
 * minimum without React (screens/GuestTip/staticGuestTip.ts).
 */
const STATIC_ROUTES: ReadonlyMap<string, StaticRoute> = new Map<string, StaticRoute>([
  ['/', {}],
  ['/login', {}],
  ['/developers', {}],
  [
    '/guest-tip',
    {
      query: ['c'],
      // Its own chunk (the i18n runtime; its three texts come with the page, i18n/staticTexts.ts), so / and /login
      // stay as small as they are; hydration waits until the page matches React's first render.
      fill: (root, language, fill) =>
        fill.before(
          import('./screens/GuestTip/staticGuestTip.ts').then((m) =>
            m.fillGuestTip(root, language, window.location.search, fill),
          ),
        ),
    },
  ],
]);

/**
 * OBS's browser source defines `window.obsstudio`: there /overlay is always the bare overlay, even from a link that
 * lacks display=1 (the Overlay Studio is a page for a browser). Answers true when it handed over.
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
 * render) and those a static page draws itself (`drawn`).
 */
function prerenderFits(root: HTMLElement, language: Language, drawn: readonly string[] = []): boolean {
  const query = new URLSearchParams(window.location.search);
  for (const name of ['lang', ...drawn]) query.delete(name);
  return (
    root.dataset.prerendered === window.location.pathname &&
    root.dataset.lang === language &&
    query.size === 0 &&
    !signedIn()
  );
}

/**
 * How long after `load` the service worker registers (then when idle). Its install precaches the whole app (~1.3 MB,
 * 125 files): started at load it competes with the page's own requests (the guest page's config and minimum, the
 * React chunk a first tap loads) on a phone's connection and main thread. Moved, not removed: Lighthouse's load
 * window (until the network and CPU are quiet) no longer includes it.
 */
const SERVICE_WORKER_DELAY_MS = 5_000;

const startApp = (options: StartOptions) => import('./boot.tsx').then((m) => m.startApp(options));

function main(): void {
  if (handOverToObsOverlay()) return;
  const theme = readTheme();
  applyTheme(theme);
  const language = initialLanguage();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');

  const hydrate = prerenderFits(root, language);
  const staticRoute = STATIC_ROUTES.get(window.location.pathname);
  // The prerender drew the light theme's switch: a dark choice needs React's redraw at once.
  if (
    staticRoute &&
    theme === 'light' &&
    prerenderFits(root, language, staticRoute.query) &&
    !visitorActed(root)
  ) {
    keepStatic(root, {
      hydrate: (seed, onCommit) => startApp({ root, language, hydrate: true, seed, onCommit }),
      fill: (fill) => staticRoute.fill?.(root, language, fill),
    });
  } else {
    // The catalogue's fetch starts beside React's (the app awaits the same import before its first render).
    void fetchCatalogue(language);
    void startApp({ root, language, hydrate });
  }

  // The service worker and its update prompt (never in mock mode, where MSW owns the worker slot).
  if (import.meta.env.PROD && import.meta.env.MODE !== 'mocks') {
    const register = () =>
      window.setTimeout(
        () =>
          whenIdle(() => void import('./serviceWorker/register.ts').then((m) => m.registerServiceWorker())),
        SERVICE_WORKER_DELAY_MS,
      );
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}

main();
