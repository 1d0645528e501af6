import type { Language } from './language.ts';

/**
 * Fetches a language's compiled catalogue (its own chunk: only the chosen language is ever loaded). Framework-free,
 * so main.tsx can start the fetch beside React's instead of after it.
 */
export async function fetchCatalogue(language: Language) {
  const module =
    language === 'hi'
      ? await import('virtual:shabaash-messages/hi')
      : await import('virtual:shabaash-messages/en');
  return module.messages;
}
