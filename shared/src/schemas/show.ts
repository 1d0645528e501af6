import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { hasAtMostTwoDecimals } from '../money.ts';
import { SHOW_LANGUAGES, SHOW_LIMITS, type ShowSettings } from '../tiers.ts';
import { hexColorSchema } from './common.ts';

/** The show: tiers and text-to-speech (issue 14). */

const showAmountSchema = z
  .number({ error: MESSAGES.invalidAmount })
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= SHOW_LIMITS.maxTierAmount, {
    error: 'Enter an amount of zero or more.',
  })
  .refine(hasAtMostTwoDecimals, { error: 'Amounts can have at most two decimals (paise).' });

export const showTierSchema = z.object({
  minAmount: showAmountSchema,
  color: hexColorSchema,
  seconds: z
    .number({ error: 'Enter the seconds on screen as a whole number.' })
    .int({ error: 'Enter the seconds on screen as a whole number.' })
    .min(SHOW_LIMITS.minSeconds, { error: 'A tier must stay on screen at least 1 second.' })
    .max(SHOW_LIMITS.maxSeconds, {
      error: `A tier can stay on screen at most ${SHOW_LIMITS.maxSeconds} seconds.`,
    }),
});

export const ttsSettingsSchema = z.object({
  enabled: z.boolean(),
  minAmount: showAmountSchema,
  maxChars: z
    .number({ error: 'Enter the characters to read as a whole number.' })
    .int({ error: 'Enter the characters to read as a whole number.' })
    .min(SHOW_LIMITS.minTtsChars, { error: `Read at least ${SHOW_LIMITS.minTtsChars} characters.` })
    .max(SHOW_LIMITS.maxTtsChars, {
      error: `Read at most ${SHOW_LIMITS.maxTtsChars} characters.`,
    }),
  volume: z
    .number({ error: 'Volume goes from 0 to 100.' })
    .int({ error: 'Volume goes from 0 to 100.' })
    .min(0, { error: 'Volume goes from 0 to 100.' })
    .max(100, { error: 'Volume goes from 0 to 100.' }),
  hinglishInHindi: z.boolean(),
});

/** Tiers (base tier from ₹0 plus up to 6, ascending minimums), auto-advance and TTS settings. */
export const showSettingsSchema = z.object({
  tiers: z
    .array(showTierSchema)
    .min(1)
    .max(SHOW_LIMITS.maxTiers + 1, {
      error: `You can set at most ${SHOW_LIMITS.maxTiers} tiers above the base tier.`,
    })
    .refine((tiers) => tiers[0]?.minAmount === 0, { error: 'The first tier must start at ₹0.' })
    .refine((tiers) => tiers.every((t, i) => i === 0 || t.minAmount > (tiers[i - 1]?.minAmount ?? 0)), {
      error: 'Tier minimums must go up from one tier to the next.',
    }),
  autoAdvance: z.boolean(),
  tts: ttsSettingsSchema,
  language: z.enum(SHOW_LANGUAGES).default('en'),
}) satisfies z.ZodType<ShowSettings>;
