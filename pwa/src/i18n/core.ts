// The language machinery without React: main.tsx's static pages and plain-DOM code (the update prompt) use it.
import { i18n, type Messages } from '@lingui/core';
import { applyHtmlLang, storeLanguage, type Language } from './language.ts';
import { fetchCatalogue } from './catalogue.ts';
import type { MessageKey } from './messageKey.ts';
import { STATIC_TEXTS_ID } from './staticTexts.ts';

export type { MessageKey };
export type MessageValues = Record<string, string | number>;

export { i18n };

// The catalogues are compiled at build time (cataloguePlugin.ts), but a message without placeholders ships as its
// plain string; Lingui would take each for an uncompiled one and log a warning on every call (in production too,
// dozens per render of the Chat Loader). It is already its own one-token compiled form.
i18n.setMessagesCompiler((message) => [message]);

/** Loads (once) and activates a language; every component using useT() re-renders in it. */
const loaded = new Set<Language>();

export async function activateLanguage(language: Language): Promise<void> {
  if (!loaded.has(language)) {
    i18n.load(language, await fetchCatalogue(language));
    loaded.add(language);
  }
  const previousTitle = i18n.locale ? translate('meta.title') : null;
  i18n.activate(language);
  applyHtmlLang(language);
  // The page's own title follows the language too (a screen that set its own title keeps it).
  if (typeof document !== 'undefined' && document.title === previousTitle)
    document.title = translate('meta.title');
}

/**
 * Activates a language for a static page's fill with the texts its HTML carries (#static-texts, i18n/staticTexts.ts),
 * fetching no catalogue; without them (an unbuilt page, a test) it loads the whole catalogue as activateLanguage
 * does. The language is not marked loaded, so activateLanguage still fetches the full catalogue when React starts.
 */
export async function activateStaticTexts(language: Language): Promise<void> {
  const block = typeof document === 'undefined' ? null : document.getElementById(STATIC_TEXTS_ID);
  let texts: Messages | null = null;
  try {
    texts = block?.textContent ? (JSON.parse(block.textContent) as Messages) : null;
  } catch {
    texts = null;
  }
  if (!texts || loaded.has(language)) return activateLanguage(language);
  i18n.load(language, texts);
  i18n.activate(language);
}

/** The language switch's action: stores the choice, then loads and shows it. */
export async function chooseLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await activateLanguage(language);
}

/** The current language ('en' until one is activated). */
export function currentLanguage(): Language {
  return i18n.locale === 'hi' ? 'hi' : 'en';
}

/** A text of the active catalogue, outside React (toasts, errors built in hooks). */
export function translate(key: MessageKey, values?: MessageValues): string {
  return i18n._(key, values);
}

/** A piece of a text with inline elements: plain words, or the words an element `<tag>…</tag>` wraps. */
export type RichPart = string | { tag: string; text: string };

/** Splits a translated text at its inline elements (`<name>…</name>`), for richText and for plain-DOM pages. */
export function richParts(text: string): RichPart[] {
  const parts: RichPart[] = [];
  let last = 0;
  for (const match of text.matchAll(/<(\w+)>(.*?)<\/\1>/g)) {
    parts.push(text.slice(last, match.index), { tag: match[1] ?? '', text: match[2] ?? '' });
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}
