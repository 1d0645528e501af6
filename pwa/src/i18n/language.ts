import { LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@shabaash/shared/core';

export { LANGUAGES, type Language };

/** The `<html lang>` of each language (English keeps the page's en-IN; Hindi is `hi`). */
export const HTML_LANG: Record<Language, string> = { en: 'en-IN', hi: 'hi' };
/** The Intl locale of each language: Indian grouping and Indian dates in both. */
export const INTL_LOCALE = { en: 'en-IN', hi: 'hi-IN' } as const satisfies Record<Language, string>;

const isLanguage = (value: string | null | undefined): value is Language =>
  (LANGUAGES as readonly (string | null | undefined)[]).includes(value);

/** The stored choice, or null on a first visit (or when storage is unavailable). */
export function readStoredLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The browser's first preference among ours ("hi-IN" → hi), English when it names neither. */
export function browserLanguage(languages: readonly string[] = navigator.languages ?? []): Language {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/**
 * The rule of the language of a page, shared by this page, its inline script (index.html), the static server and
 * the service worker: a `?lang=` in the URL, else the stored choice, else the browser's language.
 */
export function pickLanguage(
  search: string,
  stored: string | null | undefined,
  languages: readonly string[],
): Language {
  const fromUrl = new URLSearchParams(search).get('lang');
  if (isLanguage(fromUrl)) return fromUrl;
  return isLanguage(stored) ? stored : browserLanguage(languages);
}

/** The language of this page load (pickLanguage); a `?lang=` in the URL also becomes the stored choice. */
export function initialLanguage(search: string = window.location.search): Language {
  const fromUrl = new URLSearchParams(search).get('lang');
  if (isLanguage(fromUrl)) storeLanguage(fromUrl);
  return pickLanguage(search, readStoredLanguage(), navigator.languages ?? []);
}

/** Stores the choice locally and in a year-long cookie of the same name, which the static server reads. */
export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage unavailable (private mode): the choice still applies to this page
  }
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** Points `<html lang>` at a language (screen readers and fonts follow it). */
export function applyHtmlLang(language: Language): void {
  if (typeof document === 'undefined') return; // the build-time prerender
  document.documentElement.lang = HTML_LANG[language];
}
