import { Fragment, useSyncExternalStore, type ReactNode } from 'react';
import { i18n } from '@lingui/core';
import type englishCatalogue from './messages/en.json';
import { applyHtmlLang, storeLanguage, type Language } from './language.ts';
import { fetchCatalogue } from './catalogue.ts';

/** Every text key of the product: the keys of the English source catalogue (messages/en.json). */
export type MessageKey = keyof typeof englishCatalogue;
export type MessageValues = Record<string, string | number>;

export { i18n };

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

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** `t(key, values)` in the current language; the component re-renders when the language changes. */
export function useT(): { t: typeof translate; language: Language } {
  useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t: translate, language: currentLanguage() };
}

/**
 * A text with inline elements: the message marks them `<name>…</name>` ("Read our <link>privacy notice</link>"),
 * and `parts` renders each one around its translated words, so translators move them freely.
 */
export function richText(
  key: MessageKey,
  parts: Record<string, (children: string) => ReactNode>,
  values?: MessageValues,
): ReactNode {
  const text = translate(key, values);
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/<(\w+)>(.*?)<\/\1>/g)) {
    const render = parts[match[1] ?? ''];
    nodes.push(text.slice(last, match.index));
    nodes.push(<Fragment key={match.index}>{render ? render(match[2] ?? '') : match[2]}</Fragment>);
    last = match.index + match[0].length;
  }
  nodes.push(text.slice(last));
  return nodes;
}
