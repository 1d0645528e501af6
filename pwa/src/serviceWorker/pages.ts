import type { Language } from '@shabaash/shared/core';

/**
 * Which precached page answers a navigation: the prerendered public pages (`/`, `/login`, `/guest-tip`,
 * `/developers`) exist in English (`index.html`) and Hindi (`index.hi.html`), and the service worker picks the file
 * by the rule the API's static server and the page use (pickLanguage): `?lang=`, then the stored choice (the
 * `shabaash.lang` cookie), then the browser's languages. Framework-free, so the service worker bundle stays small.
 */

/** The prerendered pages among the precached files, as route folders ("" for `/`, "login/" for `/login`). */
export function prerenderedPages(precachedUrls: Iterable<string>): Set<string> {
  const pages = new Set<string>();
  for (const url of precachedUrls) {
    const folder = /^\/?((?:[\w-]+\/)*)index\.html$/.exec(url)?.[1];
    if (folder !== undefined) pages.add(folder);
  }
  return pages;
}

/** The route folder of a path ("/" → "", "/login" and "/login/" → "login/"). */
export function routeFolder(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
}

/** The precached file for a prerendered page in a language: `index.hi.html` when it was built, else English. */
export function pageFile(folder: string, language: Language, precachedUrls: ReadonlySet<string>): string {
  const translated = `${folder}index.${language}.html`;
  return language !== 'en' && precachedUrls.has(translated) ? translated : `${folder}index.html`;
}
