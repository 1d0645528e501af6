import { z } from 'zod';
import { REVIEW_MODES } from '../core.ts';
import { LIMITS } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { hasAtMostTwoDecimals } from '../money.ts';
import { fillMessage, VALIDATION_MESSAGES } from '../validationMessages.ts';
import { handleSchema, maxAmountMessage, phoneSchema, rupeeAmountSchema } from './common.ts';

/** Stream safety: filters, review modes, blocked senders and message checks. */

/** GET /creator/safety/flags: comma-separated ids (at most 500) of queued chats to check against the filters. */
export const safetyFlagsQuerySchema = z.object({
  ids: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(z.uuid()).max(500).optional()),
});

export const reviewModeSchema = z.enum(REVIEW_MODES);
export type { ReviewMode } from '../core.ts';

export const SAFETY_LIMITS = { maxTerms: 500, maxTermLength: 100 } as const;

/** PUT /creator/safety: any subset of the settings; amounts in rupees like every amount on the wire. */
export const safetySettingsSchema = z
  .object({
    blockedTerms: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(SAFETY_LIMITS.maxTermLength, {
            error: fillMessage(VALIDATION_MESSAGES.blockedTermTooLong, { max: SAFETY_LIMITS.maxTermLength }),
          }),
      )
      .max(SAFETY_LIMITS.maxTerms, {
        error: fillMessage(VALIDATION_MESSAGES.tooManyBlockedTerms, { max: SAFETY_LIMITS.maxTerms }),
      }),
    builtinEnabled: z.boolean(),
    minTipAmount: rupeeAmountSchema(LIMITS.tipMinRupees),
    maxMessageLength: z
      .number()
      .int()
      .min(0)
      .max(LIMITS.messageMaxLength, {
        error: fillMessage(VALIDATION_MESSAGES.maxMessageLength, { max: LIMITS.messageMaxLength }),
      }),
    reviewMode: reviewModeSchema,
    autoLiveMinAmount: z
      .number({ error: MESSAGES.invalidAmount })
      .refine((n) => Number.isFinite(n) && n >= 0, { error: VALIDATION_MESSAGES.zeroOrMore })
      .refine((n) => n <= LIMITS.amountMaxRupees, { error: maxAmountMessage(LIMITS.amountMaxRupees) })
      .refine(hasAtMostTwoDecimals, { error: VALIDATION_MESSAGES.twoDecimals }),
  })
  .partial();
export type SafetySettingsInput = z.input<typeof safetySettingsSchema>;

export const safetySettingsDtoSchema = z.object({
  blockedTerms: z.array(z.string()),
  builtinEnabled: z.boolean(),
  minTipAmount: z.number(),
  minTipPaise: z.number().int(),
  maxMessageLength: z.number().int(),
  reviewMode: reviewModeSchema,
  autoLiveMinAmount: z.number(),
  autoLiveMinPaise: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type SafetySettings = z.infer<typeof safetySettingsDtoSchema>;

export const blockedSenderSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string().nullable(),
  /** Masked (e.g. "98•••••210"); the full number never leaves the server. */
  phone: z.string().nullable(),
  /**
   * A blocked guest tipper: what their payments carried, masked ("UPI ra•••@okaxis · ••••••3210", or "" when only
   * the browser is known); null for a blocked viewer. Optional for older clients' mocks.
   */
  guestLabel: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type BlockedSender = z.infer<typeof blockedSenderSchema>;

export const safetyResponseSchema = z.object({
  settings: safetySettingsDtoSchema,
  blockedSenders: z.array(blockedSenderSchema),
});
export type SafetyResponse = z.infer<typeof safetyResponseSchema>;

/** POST /creator/safety/blocked-senders: exactly one of a user id, a phone, or a tip whose sender to block. */
export const blockSenderInputSchema = z
  .object({ userId: z.uuid().optional(), phone: phoneSchema.optional(), tipId: z.uuid().optional() })
  .refine((v) => [v.userId, v.phone, v.tipId].filter((x) => x !== undefined).length === 1, {
    error: VALIDATION_MESSAGES.blockOneOf,
  });

/** POST /safety/check: the guest page and send-tip form check a message as it is typed. */
export const safetyCheckInputSchema = z.object({
  creator: handleSchema.optional(),
  message: z.string().max(2000),
});
export const safetyCheckResponseSchema = z.object({ ok: z.boolean(), message: z.string().optional() });
/** What a guest page shows beside the amount: the creator's minimum (Stream safety) and the server's refusal. */
export const tipRulesSchema = z.object({
  minAmount: z.number(),
  minAmountPaise: z.number().int(),
  minimumMessage: z.string(),
});
export type TipRules = z.infer<typeof tipRulesSchema>;
export type SafetyCheckResponse = z.infer<typeof safetyCheckResponseSchema>;

export const safetyFlagsResponseSchema = z.object({ ids: z.array(z.string()) });
