import type { Language } from '@shabaash/shared/core';

/**
 * The overlay's own texts in each language, chosen by the creator's show setting `language`. A plain
 * table on purpose: the OBS overlay bundle carries no i18n library (the app's catalogues are in pwa/src/i18n).
 */
const EN = {
  waiting: 'Waiting for the next superchat...',
  noMessage: 'No message attached',
  anonymous: 'Anonymous',
  /** The mark on a test alert's card. */
  testBadge: 'TEST',
  /** The neutral card of an overlay whose creator is suspended (no reason, no blame). */
  paused: 'This overlay is paused.',
};
export type OverlayTexts = typeof EN;

export const OVERLAY_TEXTS: Record<Language, OverlayTexts> = {
  en: EN,
  hi: {
    waiting: 'अगले सुपरचैट का इंतज़ार है...',
    noMessage: 'कोई मैसेज नहीं',
    anonymous: 'गुमनाम',
    testBadge: 'टेस्ट',
    paused: 'यह ओवरले अभी रुका हुआ है।',
  },
};

/** The show language in a settings payload (`show.language`, or `language` on show settings), else null. */
export function showLanguage(payload: unknown): Language | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const record = payload as { show?: unknown; language?: unknown };
  const show = typeof record.show === 'object' && record.show !== null ? record.show : record;
  const language = (show as { language?: unknown }).language;
  return language === 'en' || language === 'hi' ? language : null;
}
