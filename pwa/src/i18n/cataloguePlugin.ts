import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/** The languages with a catalogue in messages/<language>.json (English is the source). */
export const CATALOGUE_LANGUAGES = ['en', 'hi'] as const;

const PREFIX = 'virtual:shabaash-messages/';
const messagesDir = `${path.join(import.meta.dirname, 'messages')}/`;

/** Compiles one JSON catalogue (ICU message strings) into Lingui's compiled form; a malformed message throws. */
export function compileCatalogue(language: string): Record<string, unknown> {
  const file = `${messagesDir}${language}.json`;
  const source = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(source)) {
    try {
      const tokens = compileMessageOrThrow(message);
      // A message without placeholders is shipped as its plain string (smaller than a one-token array).
      compiled[key] = tokens.length === 1 && typeof tokens[0] === 'string' ? tokens[0] : tokens;
    } catch (error) {
      throw new Error(`${language}.json: message "${key}" is not valid ICU`, { cause: error });
    }
  }
  return compiled;
}

/**
 * Vite plugin: `import('virtual:shabaash-messages/hi')` is messages/hi.json compiled at build time, so the bundle
 * carries no ICU parser and each language is its own small chunk, fetched only when that language is chosen.
 */
export function compiledCatalogues(): Plugin {
  return {
    name: 'shabaash-compiled-catalogues',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const language = id.slice(PREFIX.length + 1);
      if (!(CATALOGUE_LANGUAGES as readonly string[]).includes(language)) {
        throw new Error(`no catalogue for language "${language}"`);
      }
      this.addWatchFile(`${messagesDir}${language}.json`);
      return `export const messages = ${JSON.stringify(compileCatalogue(language))};`;
    },
  };
}
