import { SHOW_LANGUAGES, SHOW_LIMITS, tierSoundUrl, type ShowSettings } from '@shabaash/shared/core';

// The show settings as the overlay reads them, checked by hand: the overlay carries no zod. A payload
// that is not a whole, valid ShowSettings is ignored and the previous settings stay.

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isNumber = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

function pickTiers(value: unknown): ShowSettings['tiers'] | null {
  if (!Array.isArray(value) || value.length < 1 || value.length > SHOW_LIMITS.maxTiers + 1) return null;
  const tiers: ShowSettings['tiers'] = [];
  for (const t of value) {
    if (
      !isRecord(t) ||
      !isNumber(t.minAmount, 0, SHOW_LIMITS.maxTierAmount) ||
      typeof t.color !== 'string' ||
      !/^#[0-9a-f]{6}$/i.test(t.color) ||
      !isNumber(t.seconds, SHOW_LIMITS.minSeconds, SHOW_LIMITS.maxSeconds) ||
      (tiers.length > 0 && t.minAmount <= (tiers.at(-1)?.minAmount ?? 0))
    )
      return null;
    // A tier's own sound and volume are kept when valid; otherwise the tier plays the overlay's sound.
    const sound = typeof t.sound === 'string' && tierSoundUrl(t.sound) ? { sound: t.sound } : {};
    const volume = isNumber(t.volume, 0, 100) ? { volume: t.volume } : {};
    tiers.push({ minAmount: t.minAmount, color: t.color, seconds: t.seconds, ...sound, ...volume });
  }
  return tiers;
}

/** The show settings in `value`, or null when they are missing or malformed. */
export function pickShow(value: unknown): ShowSettings | null {
  if (!isRecord(value)) return null;
  const tiers = pickTiers(value.tiers);
  const tts = value.tts;
  if (!tiers || typeof value.autoAdvance !== 'boolean' || !isRecord(tts)) return null;
  if (
    typeof tts.enabled !== 'boolean' ||
    !isNumber(tts.minAmount, 0, SHOW_LIMITS.maxTierAmount) ||
    !isNumber(tts.maxChars, 0, SHOW_LIMITS.maxTtsChars) ||
    !isNumber(tts.volume, 0, 100) ||
    typeof tts.hinglishInHindi !== 'boolean'
  )
    return null;
  const language = SHOW_LANGUAGES.find((l) => l === value.language) ?? 'en';
  return {
    tiers,
    autoAdvance: value.autoAdvance,
    tts: {
      enabled: tts.enabled,
      minAmount: tts.minAmount,
      maxChars: tts.maxChars,
      volume: tts.volume,
      hinglishInHindi: tts.hinglishInHindi,
    },
    language,
  };
}
