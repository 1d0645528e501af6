import { z } from 'zod';
import { SHOW_LANGUAGES } from '../tiers.ts';
import { widgetTimerSchema } from './timer.ts';
import { fillMessage, VALIDATION_MESSAGES } from '../validationMessages.ts';
import { SUPPORTER_RANGES, WIDGET_LIMITS, type WidgetSettings } from '../widgets.ts';

// stream sessions, the goal, QR and top supporters widgets. Amounts in rupees plus …Paise, as everywhere.

/** The widgets' settings: PUT /creator/settings carries them as `widgets` (absent = keep the stored ones). */
export const widgetSettingsSchema = z.object({
  goal: z.object({
    title: z
      .string()
      .trim()
      .max(WIDGET_LIMITS.maxTitleLength, {
        error: fillMessage(VALIDATION_MESSAGES.goalTitleTooLong, { max: WIDGET_LIMITS.maxTitleLength }),
      }),
    targetAmount: z
      .number({ error: VALIDATION_MESSAGES.goalAmount })
      .int({ error: VALIDATION_MESSAGES.goalWholeRupees })
      .min(WIDGET_LIMITS.minTargetAmount, { error: VALIDATION_MESSAGES.goalMin })
      .max(WIDGET_LIMITS.maxTargetAmount, { error: VALIDATION_MESSAGES.goalTooLarge }),
  }),
  qr: z.object({
    caption: z
      .string()
      .trim()
      .max(WIDGET_LIMITS.maxCaptionLength, {
        error: fillMessage(VALIDATION_MESSAGES.captionTooLong, { max: WIDGET_LIMITS.maxCaptionLength }),
      }),
  }),
  supporters: z.object({ enabled: z.boolean(), range: z.enum(SUPPORTER_RANGES) }),
}) satisfies z.ZodType<WidgetSettings>;

/** A stream session framed by "Start stream" and "End stream" in the Chat Loader. */
export const streamSessionSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  /** Null while the stream is live. */
  endedAt: z.string().nullable(),
});
export type StreamSession = z.infer<typeof streamSessionSchema>;

const amount = { amount: z.number(), amountPaise: z.number().int() };

/** Totals of the paid tips of a session. */
export const streamTotalsSchema = z.object({
  ...amount,
  count: z.number().int(),
  topTip: z.object({ name: z.string(), ...amount }).nullable(),
});
export type StreamTotals = z.infer<typeof streamTotalsSchema>;

/** GET /creator/stream and the answer to start/end: the latest session (live or ended) and its totals. */
export const streamStateSchema = z.object({
  session: streamSessionSchema.nullable(),
  totals: streamTotalsSchema,
});
export type StreamState = z.infer<typeof streamStateSchema>;

/** One row of the top supporters widget (no phone number, no account id). */
export const supporterSchema = z.object({ name: z.string(), count: z.number().int(), ...amount });
export type Supporter = z.infer<typeof supporterSchema>;

/** A supporter in the creator's own list (Overlay Studio): `key` names the supporter to hide. */
export const creatorSupporterSchema = supporterSchema.extend({ key: z.string() });
/** A supporter the creator hid from the widget, with the name the widget showed. */
export const hiddenSupporterSchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });
/** GET /creator/supporters: the widget's list as the creator sees it, and the supporters hidden from it. */
export const creatorSupportersSchema = z.object({
  supporters: z.array(creatorSupporterSchema),
  hidden: z.array(hiddenSupporterSchema),
});
export type CreatorSupporters = z.infer<typeof creatorSupportersSchema>;
/** POST /creator/supporters/hidden: the key of a supporter in the creator's list. */
export const hideSupporterInputSchema = z.object({ key: z.string().min(3).max(400) });

/** GET /overlay/widgets?key=: everything the widgets draw, unlocked by the overlay key. */
export const widgetStateSchema = z.object({
  handle: z.string(),
  language: z.enum(SHOW_LANGUAGES),
  widgets: widgetSettingsSchema,
  session: streamSessionSchema.nullable(),
  /** Paid tips of the latest session (0 before the first). */
  goal: z.object({ raised: z.number(), raisedPaise: z.number().int() }),
  /** Top supporters of the chosen range; empty while the widget is off. */
  supporters: z.array(supporterSchema),
  /** The subathon timer's run and its ending text. */
  timer: widgetTimerSchema,
});
export type WidgetState = z.infer<typeof widgetStateSchema>;
