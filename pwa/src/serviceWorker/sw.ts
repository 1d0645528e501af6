import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { LANGUAGE_STORAGE_KEY } from '@shabaash/shared/core';
import { pickLanguage } from '../i18n/language.ts';
import { pageFile, prerenderedPages, routeFolder } from './pages.ts';

/**
 * The PWA's service worker (vite-plugin-pwa injectManifest): precaches the build, answers a prerendered page's
 * navigation with the file of the chosen language (so a Hindi reader offline or reloading gets the Hindi page,
 * `lang="hi"`), and every other app route with the app shell. Nothing from /api or /ws is ever cached.
 */
interface ServiceWorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  navigator: { languages?: readonly string[] };
  cookieStore?: { get(name: string): Promise<{ value: string } | null | undefined> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data?: { type?: string } }) => void): void;
}
// The worker's global scope (this file is type-checked with the DOM library, like the rest of src/).
declare const self: ServiceWorkerScope;

// registerType 'prompt': a new version waits until the page's "Update now" posts SKIP_WAITING.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const manifest = self.__WB_MANIFEST;
const precached = new Set(manifest.map((entry) => (typeof entry === 'string' ? entry : entry.url)));
const pages = prerenderedPages(precached);

/** The stored language choice: the `shabaash.lang` cookie the page keeps (Cookie Store API), else null. */
async function storedLanguage(): Promise<string | null> {
  try {
    return (await self.cookieStore?.get(LANGUAGE_STORAGE_KEY))?.value ?? null;
  } catch {
    return null;
  }
}

// Registered before precacheAndRoute, whose own route would answer `/` with the English index.html.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    pages.has(routeFolder(url.pathname)),
  async ({ request, url }) => {
    const language = pickLanguage(url.search, await storedLanguage(), self.navigator.languages ?? []);
    return (await matchPrecache(pageFile(routeFolder(url.pathname), language, precached))) ?? fetch(request);
  },
);

precacheAndRoute(manifest);
cleanupOutdatedCaches();

// Every other app route gets the app shell (shell.html: the empty shell; index.html is the prerendered landing page).
// The denylist matches pathname + search: /api and /ws are never answered from cache, and the bare OBS overlay
// (/overlay?display=1, overlay.html) and the widgets always come fresh; the Overlay Studio at /overlay works offline.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('shell.html'), {
    denylist: [
      /^\/api(?:\/|\?|$)/,
      /^\/ws(?:\/|\?|$)/,
      /^\/sandbox\//,
      /^\/overlay\.html/,
      /^\/overlay\?(?:.*&)?display=1(?:&|$)/,
      /^\/widgets\//,
      /^\/mockServiceWorker\.js/,
    ],
  }),
);
