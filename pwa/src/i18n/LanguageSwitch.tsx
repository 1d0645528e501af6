import type { MouseEvent } from 'react';
import { chooseLanguage, useT } from './i18n.tsx';
import { LANGUAGES, type Language } from './language.ts';

/**
 * The language switch (English / हिंदी), each name in its own script, the current one marked. Each option is a
 * link to `?lang=<language>`, so it works before the page has hydrated (the server then sends that language's
 * prerendered page and the app stores the choice); once hydrated, a click switches in place with no reload.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, language } = useT();
  const choose = (event: MouseEvent<HTMLAnchorElement>, next: Language) => {
    event.preventDefault();
    if (next !== language) void chooseLanguage(next);
  };
  return (
    <nav className={`language-switch ${className}`.trim()} aria-label={t('language.label')}>
      {LANGUAGES.map((option) => (
        <a
          key={option}
          href={`?lang=${option}`}
          hrefLang={option}
          lang={option === 'hi' ? 'hi' : 'en'}
          className="language-option"
          aria-current={option === language ? 'true' : undefined}
          onClick={(event) => choose(event, option)}
        >
          {/* Phones show the short name ("EN", "हि"); the full one, visually hidden there, is the accessible name. */}
          <span className="language-full">{t(`language.${option}`)}</span>
          <span className="language-short" aria-hidden="true">
            {t(`language.short.${option}`)}
          </span>
        </a>
      ))}
    </nav>
  );
}
