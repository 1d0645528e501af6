import { useState } from 'react';
import { chooseLanguage, useT } from './i18n.tsx';
import { LANGUAGES, type Language } from './language.ts';

/** The language switch (English / हिंदी): each name in its own script, the current one pressed. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, language } = useT();
  const [pending, setPending] = useState<Language | null>(null);
  const choose = (next: Language) => {
    if (next === language || pending) return;
    setPending(next);
    void chooseLanguage(next).finally(() => setPending(null));
  };
  return (
    <div className={`language-switch ${className}`.trim()} role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option === 'hi' ? 'hi' : 'en'}
          className="language-option"
          aria-pressed={option === language}
          aria-busy={pending === option || undefined}
          onClick={() => choose(option)}
        >
          {t(`language.${option}`)}
        </button>
      ))}
    </div>
  );
}
