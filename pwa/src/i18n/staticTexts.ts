import type { MessageKey } from './messageKey.ts';

/**
 * The texts a prerendered page draws without React before the visitor acts (main.tsx's static fills), by route.
 * The build embeds them, compiled, in that page's HTML (`#static-texts`, vite.config.ts), so the page draws them
 * without fetching its language's whole catalogue (49 KB in English, 91 KB in Hindi): on a slow machine parsing
 * that catalogue was most of /guest-tip's blocking time. The catalogue is fetched when React takes over.
 */
export const STATIC_TEXTS: Readonly<Partial<Record<string, readonly MessageKey[]>>> = {
  '/guest-tip': ['guestTip.featured', 'guestTip.tipping', 'guestTip.minimum'],
};

/** The id of the JSON block that carries a page's static texts. */
export const STATIC_TEXTS_ID = 'static-texts';

/** The JSON block for a page's compiled static texts, safe inside HTML (no `</script>` can close it early). */
export function staticTextsBlock(compiled: Record<string, unknown>, keys: readonly string[]): string {
  const picked: Record<string, unknown> = {};
  for (const key of keys) {
    if (!(key in compiled)) throw new Error(`static texts: no message "${key}"`);
    picked[key] = compiled[key];
  }
  const json = JSON.stringify(picked).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${STATIC_TEXTS_ID}">${json}</script>`;
}
