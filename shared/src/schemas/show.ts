import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { hasAtMostTwoDecimals } from '../money.ts';
import {
  SHOW_LANGUAGES,
  SHOW_LIMITS,
  TIER_SOUNDS,
  UPLOADED_TIER_SOUND,
  type ShowSettings,
} from '../tiers.ts';
import { fillMessage, VALIDATION_MESSAGES } from '../validationMessages.ts';
import { define } from '../endpointTools.ts';
import { hexColorSchema } from './common.ts';

/** The show: tiers and text-to-speech. */

const showAmountSchema = z
  .number({ error: MESSAGES.invalidAmount })
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= SHOW_LIMITS.maxTierAmount, {
    error: VALIDATION_MESSAGES.zeroOrMore,
  })
  .refine(hasAtMostTwoDecimals, { error: VALIDATION_MESSAGES.twoDecimals });

export const showTierSchema = z.object({
  minAmount: showAmountSchema,
  color: hexColorSchema,
  seconds: z
    .number({ error: VALIDATION_MESSAGES.tierSecondsWhole })
    .int({ error: VALIDATION_MESSAGES.tierSecondsWhole })
    .min(SHOW_LIMITS.minSeconds, { error: VALIDATION_MESSAGES.tierSecondsMin })
    .max(SHOW_LIMITS.maxSeconds, {
      error: fillMessage(VALIDATION_MESSAGES.tierSecondsMax, { max: SHOW_LIMITS.maxSeconds }),
    }),
  sound: z.union([z.enum(TIER_SOUNDS), z.string().regex(UPLOADED_TIER_SOUND)]).optional(),
  volume: z
    .number({ error: VALIDATION_MESSAGES.volume })
    .int({ error: VALIDATION_MESSAGES.volume })
    .min(0, { error: VALIDATION_MESSAGES.volume })
    .max(100, { error: VALIDATION_MESSAGES.volume })
    .optional(),
});

/** An uploaded tier sound: a base64 data string (the type is judged by the bytes, never by what it declares). */
export const tierSoundInputSchema = z.object({
  audio: z.string().max(Math.ceil(LIMITS.tierSoundMaxBytes * 1.4) + 64),
});

/** The stored upload: the value a tier's `sound` takes, and where it is served. */
export const tierSoundSchema = z.object({ sound: z.string().regex(UPLOADED_TIER_SOUND), url: z.string() });

export const ttsSettingsSchema = z.object({
  enabled: z.boolean(),
  minAmount: showAmountSchema,
  maxChars: z
    .number({ error: VALIDATION_MESSAGES.ttsCharsWhole })
    .int({ error: VALIDATION_MESSAGES.ttsCharsWhole })
    .min(SHOW_LIMITS.minTtsChars, {
      error: fillMessage(VALIDATION_MESSAGES.ttsCharsMin, { min: SHOW_LIMITS.minTtsChars }),
    })
    .max(SHOW_LIMITS.maxTtsChars, {
      error: fillMessage(VALIDATION_MESSAGES.ttsCharsMax, { max: SHOW_LIMITS.maxTtsChars }),
    }),
  volume: z
    .number({ error: VALIDATION_MESSAGES.volume })
    .int({ error: VALIDATION_MESSAGES.volume })
    .min(0, { error: VALIDATION_MESSAGES.volume })
    .max(100, { error: VALIDATION_MESSAGES.volume }),
  hinglishInHindi: z.boolean(),
});

/** Tiers (base tier from ₹0 plus up to 6, ascending minimums), auto-advance and TTS settings. */
export const showSettingsSchema = z.object({
  tiers: z
    .array(showTierSchema)
    .min(1)
    .max(SHOW_LIMITS.maxTiers + 1, {
      error: fillMessage(VALIDATION_MESSAGES.maxTiers, { max: SHOW_LIMITS.maxTiers }),
    })
    .refine((tiers) => tiers[0]?.minAmount === 0, { error: VALIDATION_MESSAGES.firstTierZero })
    .refine((tiers) => tiers.every((t, i) => i === 0 || t.minAmount > (tiers[i - 1]?.minAmount ?? 0)), {
      error: VALIDATION_MESSAGES.tiersAscending,
    }),
  autoAdvance: z.boolean(),
  tts: ttsSettingsSchema,
  language: z.enum(SHOW_LANGUAGES).default('en'),
}) satisfies z.ZodType<ShowSettings>;

/** A creator uploads a tier sound (kept while a saved tier uses it). */
export const tierSoundEndpoints = define({
  uploadTierSound: {
    input: tierSoundInputSchema,
    output: tierSoundSchema,
  },
});
