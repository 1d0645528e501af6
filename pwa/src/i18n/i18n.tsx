import { Fragment, useSyncExternalStore, type ReactNode } from 'react';
import { currentLanguage, i18n, richParts, translate, type MessageKey, type MessageValues } from './core.ts';
import type { Language } from './language.ts';

export {
  activateLanguage,
  chooseLanguage,
  currentLanguage,
  i18n,
  translate,
  type MessageKey,
  type MessageValues,
} from './core.ts';

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
  return richParts(translate(key, values)).map((part, index) => {
    if (typeof part === 'string') return part;
    const render = parts[part.tag];
    return <Fragment key={index}>{render ? render(part.text) : part.text}</Fragment>;
  });
}
