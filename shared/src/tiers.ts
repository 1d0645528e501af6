/**
 * The show's tiers by amount and its text-to-speech defaults. Zod-free on purpose: the plain-DOM overlay
 * imports these constants and `tierFor` without pulling in zod. The wire schema lives in schemas/show.ts.
 */
import { apiUrl } from './endpoints.ts';
import { LANGUAGES } from './limits.ts';
import { rupeesToPaise } from './money.ts';

/** One tier: tips of at least `minAmount` rupees get this colour and stay `seconds` on screen. */
export interface ShowTier {
  /** Minimum amount in rupees (the base tier's is 0). */
  minAmount: number;
  /** Hex colour such as #1e88e5. */
  color: string;
  /** On-screen time in seconds (used only when auto-advance is on). */
  seconds: number;
  /**
   * The tier's own alert sound: a shipped one (`TIER_SOUNDS`) or the creator's upload (`upload:<id>`). Without one
   * the overlay plays its general sound (`OverlaySettings.sound`).
   */
  sound?: string;
  /** The tier sound's volume, 0 to 100 (DEFAULT_TIER_VOLUME when absent). */
  volume?: number;
}

/** The alert sounds shipped with the product: `pwa/public/sounds/<id>.mp3` (CC0, see LICENSES.md there). */
export const TIER_SOUNDS = ['bell', 'coins', 'fanfare', 'pop', 'sparkle'] as const;
export type ShippedTierSound = (typeof TIER_SOUNDS)[number];

/** A tier sound the creator uploaded: `upload:` and the upload's id. */
export const UPLOADED_TIER_SOUND = /^upload:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const DEFAULT_TIER_VOLUME = 80;

/** Where a tier sound is served (same origin), or null for a value that is no tier sound. */
export function tierSoundUrl(sound: string): string | null {
  if ((TIER_SOUNDS as readonly string[]).includes(sound)) return `/sounds/${sound}.mp3`;
  const uploaded = UPLOADED_TIER_SOUND.exec(sound)?.[1];
  return uploaded ? apiUrl('tierSound', { id: uploaded }) : null;
}

/** The ids of the uploads `tiers` use. */
export function uploadedTierSounds(tiers: readonly ShowTier[]): string[] {
  return tiers.flatMap((t) => UPLOADED_TIER_SOUND.exec(t.sound ?? '')?.[1] ?? []);
}

/** A creator's text-to-speech settings. */
export interface TtsSettings {
  enabled: boolean;
  /** Tips below this amount (rupees) are not read. */
  minAmount: number;
  /** At most this many characters are read. */
  maxChars: number;
  /** Playback volume, 0 to 100. */
  volume: number;
  /** Read Latin-script text (Hinglish) with the Hindi voice instead of English (India). */
  hinglishInHindi: boolean;
}

/** Everything the show adds to a creator's overlay settings. */
export interface ShowSettings {
  tiers: ShowTier[];
  /** When a tier's time runs out, clear the card (or show the next live tip). Off by default: the spec's rule stays exact. */
  autoAdvance: boolean;
  tts: TtsSettings;
  /** The language of the overlay's and widgets' own texts: the creator's choice, English by default. */
  language: ShowLanguage;
}

/** The languages the overlay and widgets speak. */
export const SHOW_LANGUAGES = LANGUAGES;
export type ShowLanguage = (typeof SHOW_LANGUAGES)[number];

/** Up to 6 creator tiers above the base tier (the one from ₹0). */
export const SHOW_LIMITS = {
  maxTiers: 6,
  minSeconds: 1,
  maxSeconds: 600,
  minTtsChars: 10,
  maxTtsChars: 280,
  maxTierAmount: 10_000_000,
} as const;

/** Defaults: below ₹50 blue, ₹50 teal, ₹100 green, ₹200 yellow, ₹500 orange, ₹1,000 magenta, ₹5,000 red. */
export const DEFAULT_TIERS: readonly ShowTier[] = [
  { minAmount: 0, color: '#1e88e5', seconds: 5 },
  { minAmount: 50, color: '#00897b', seconds: 8 },
  { minAmount: 100, color: '#43a047', seconds: 10 },
  { minAmount: 200, color: '#fdd835', seconds: 15 },
  { minAmount: 500, color: '#fb8c00', seconds: 20 },
  { minAmount: 1000, color: '#d81b60', seconds: 30 },
  { minAmount: 5000, color: '#e53935', seconds: 60 },
];

export const DEFAULT_TTS: TtsSettings = {
  enabled: true,
  minAmount: 0,
  maxChars: 200,
  volume: 80,
  hinglishInHindi: false,
};

export function defaultShowSettings(): ShowSettings {
  return {
    tiers: DEFAULT_TIERS.map((t) => ({ ...t })),
    autoAdvance: false,
    tts: { ...DEFAULT_TTS },
    language: 'en',
  };
}

/**
 * The tier a tip of `amountPaise` falls in: the highest tier whose minimum it reaches. Tiers are ascending by
 * minimum (the schema enforces it); an amount below every minimum gets the lowest tier.
 */
export function tierFor(amountPaise: number, tiers: readonly ShowTier[]): ShowTier {
  const first = tiers[0];
  if (!first) throw new RangeError('At least one tier is required');
  let chosen = first;
  for (const tier of tiers) {
    if (amountPaise >= rupeesToPaise(tier.minAmount)) chosen = tier;
  }
  return chosen;
}
