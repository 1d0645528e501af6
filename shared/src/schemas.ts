import { z } from 'zod';
import { HANDLE_PATTERN, REVIEW_MODES } from './core.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { normalizePhone } from './phone.ts';
import { hasAtMostTwoDecimals } from './money.ts';
import { SHOW_LANGUAGES, SHOW_LIMITS, type ShowSettings } from './tiers.ts';

// ---------- building blocks ----------

/** A phone as people type it ("+91 98765-43210"), normalised to its last 10 digits (SPEC §5). */
export const phoneSchema = z.string({ error: MESSAGES.invalidPhone }).transform((value, ctx) => {
  const result = normalizePhone(value);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  }
  return result.phone;
});

/** "Maximum amount is ₹1,00,000." */
export const maxAmountMessage = (maxRupees: number) =>
  `Maximum amount is ₹${maxRupees.toLocaleString('en-IN')}.`;

/**
 * A rupee amount as sent on the wire: finite, at least `min`, at most `max` (₹1,00,000 by default, so paise
 * stay far inside exact integers), whole paise.
 */
export function rupeeAmountSchema(min: number, max: number = LIMITS.amountMaxRupees) {
  return z
    .number({ error: MESSAGES.invalidAmount })
    .refine((n) => Number.isFinite(n) && n > 0, { error: MESSAGES.invalidAmount })
    .refine((n) => n >= min, { error: `Minimum amount is ₹${min}.` })
    .refine((n) => n <= max, { error: maxAmountMessage(max) })
    .refine(hasAtMostTwoDecimals, { error: 'Amounts can have at most two decimals (paise).' });
}

const optionalTrimmed = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be ${max} characters or fewer.` })
    .optional()
    .default('');

export const handleSchema = z.string().trim().toLowerCase().regex(HANDLE_PATTERN, {
  error: 'Handles are 3–30 characters: letters, numbers, - and _.',
});

export const roleSchema = z.enum(['viewer', 'creator']);
export type Role = z.infer<typeof roleSchema>;

export const tipStatusSchema = z.enum(['unread', 'read', 'ignore']);
export type TipStatus = z.infer<typeof tipStatusSchema>;

// ---------- DTOs (responses) ----------

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  role: roleSchema,
  profilePic: z.string().nullable(),
  creator: z.object({ handle: z.string(), displayName: z.string() }).nullable(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

export const walletSchema = z.object({ balance: z.number(), balancePaise: z.number().int() });
export type Wallet = z.infer<typeof walletSchema>;

export const walletTransactionSchema = z.object({
  _id: z.string(),
  type: z.enum(['credit', 'debit']),
  amount: z.number(),
  amountPaise: z.number().int(),
  description: z.string(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const walletTransactionsResponseSchema = z.object({
  transactions: z.array(walletTransactionSchema),
  version: z.number().int(),
  /** True when `?since=` had more changes than `limit`: pull again from the returned version. */
  hasMore: z.boolean().optional(),
});

export const tipSchema = z.object({
  _id: z.string(),
  id: z.string(),
  creatorId: z.string(),
  amount: z.number(),
  amountPaise: z.number().int(),
  message: z.string(),
  name: z.string(),
  guestName: z.string().nullable(),
  sender: z
    .object({ name: z.string(), profilePic: z.string().nullable(), phone: z.string().nullable() })
    .nullable(),
  status: tipStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Tip = z.infer<typeof tipSchema>;

export const tipsResponseSchema = z.object({ tips: z.array(tipSchema) });
export const chatsResponseSchema = z.object({ tips: z.array(tipSchema), version: z.number().int() });
export const chatChangesResponseSchema = z.object({
  tips: z.array(tipSchema),
  deleted: z.array(z.string()),
  version: z.number().int(),
  reset: z.boolean(),
});

export const paymentOrderSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;
export const orderResponseSchema = z.object({ order: paymentOrderSchema });

export const paymentOrderStatusSchema = z.object({
  id: z.string(),
  status: z.enum(['created', 'paid', 'failed']),
  /** In paise, like every payment order amount. */
  amount: z.number().int(),
  currency: z.string(),
  failureReason: z.string().nullable(),
});
export type PaymentOrderStatus = z.infer<typeof paymentOrderStatusSchema>;

export const analyticsSchema = z.object({
  totalEarnings: z.number(),
  totalSuccessfulTopUps: z.number().int(),
  totalTipsAmount: z.number(),
  totalTipsCount: z.number().int(),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const hexColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Colour must be a hex value such as #ff5c5c.' });

export const overlaySettingsSchema = z.object({
  overlayTheme: z.string().trim().min(1).max(40),
  font: z.string().trim().min(1).max(60),
  color: hexColorSchema,
  sound: z.string().trim().min(1).max(60),
  /** Tiers and TTS (issue 14); responses always carry it, a PUT without it keeps the stored one. */
  show: z.lazy(() => showSettingsSchema).optional(),
});
export type OverlaySettings = z.infer<typeof overlaySettingsSchema>;

export const creatorOverlayResponseSchema = overlaySettingsSchema.extend({
  handle: z.string(),
  displayName: z.string(),
  overlayKey: z.string(),
});

export const publicConfigSchema = z.object({
  sandbox: z.boolean(),
  razorpayKeyId: z.string(),
  checkoutScriptUrl: z.string(),
  firebase: z.object({
    apiKey: z.string(),
    projectId: z.string(),
    authDomain: z.string(),
    emulatorUrl: z.string().nullable(),
  }),
  contactEmail: z.string(),
  defaultCreator: z.object({ handle: z.string(), displayName: z.string() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  version: z.string(),
  reason: z.string().optional(),
});

// ---------- inputs (requests) ----------

export const registerInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'Name is required.' }).max(80),
  phone: phoneSchema,
  password: z
    .string()
    .min(LIMITS.passwordMinLength, {
      error: `Password must be at least ${LIMITS.passwordMinLength} characters.`,
    })
    .max(200),
  firebaseToken: z.string().min(1, { error: MESSAGES.requestOtpFirst }),
});

export const loginInputSchema = z.object({
  phone: phoneSchema,
  password: z.string().min(1, { error: 'Password is required.' }).max(200),
});

export const resetPasswordInputSchema = z.object({
  phone: phoneSchema,
  password: z
    .string()
    .min(LIMITS.passwordMinLength, {
      error: `Password must be at least ${LIMITS.passwordMinLength} characters.`,
    })
    .max(200),
  firebaseToken: z.string().min(1, { error: MESSAGES.requestOtpFirst }),
});

export const profilePicInputSchema = z.object({
  profilePic: z.string().startsWith('data:', { error: MESSAGES.profilePicType }),
});

export const leadInputSchema = z.object({
  name: z.string().trim().max(80).optional(),
  email: z.email({ error: 'Enter a valid email address.' }).trim().max(200).optional(),
  phone: z
    .string({ error: MESSAGES.invalidLeadPhone })
    .transform((s) => s.replace(/\D/g, ''))
    .refine((d) => d.length === 10, { error: MESSAGES.invalidLeadPhone }),
  tags: z.array(z.string().trim().min(1).max(40)).max(10).default(['landing', 'newsletter']),
});

export const creatorProfileInputSchema = z.object({
  handle: handleSchema,
  displayName: z.string().trim().min(1, { error: 'Display name is required.' }).max(80),
});

export const addMoneyInputSchema = z.object({ amount: rupeeAmountSchema(LIMITS.topUpMinRupees) });

export const sendTipInputSchema = z.object({
  amount: rupeeAmountSchema(LIMITS.tipMinRupees),
  message: optionalTrimmed(LIMITS.messageMaxLength, 'Message'),
  creator: handleSchema.optional(),
});

export const guestOrderInputSchema = z.object({
  amount: rupeeAmountSchema(0.01),
  message: optionalTrimmed(LIMITS.messageMaxLength, 'Message'),
  name: optionalTrimmed(LIMITS.guestNameMaxLength, 'Name'),
  creator: handleSchema.optional(),
});

/**
 * DELETE /users/me: the person confirms, and confirms the wallet balance they saw (in paise), so nobody
 * deletes an account without having been told what happens to their money.
 */
export const deleteAccountInputSchema = z.object({
  confirm: z.literal(true, { error: 'Confirm that you want to delete your account.' }),
  balancePaise: z.number().int().min(0),
});

/** GET /users/me/export: everything held about the caller (their own phone in full; tippers' masked). */
export const dataExportSchema = z.looseObject({
  exportedAt: z.string(),
  profile: z.looseObject({ id: z.string(), name: z.string(), phone: z.string().nullable() }),
  wallet: z.looseObject({ balancePaise: z.number().int(), ledger: z.array(z.unknown()) }),
  tipsSent: z.array(z.unknown()),
  tipsReceived: z.array(z.unknown()),
});

export const chatsQuerySchema = z.object({
  status: tipStatusSchema.optional(),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(['updated', 'amount']).default('updated'),
  since: z.coerce.number().int().min(0).optional(),
});

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

/** GET /creator/chats?since=N: the changes form (tips and tombstones after version N). */
export const chatChangesQuerySchema = z.object({ since: z.coerce.number().int().min(0) });

/** GET /wallet/transactions: newest first, `limit` (default 50, at most 200); `since` = changes after that wallet version. */
export const walletTransactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  since: z.coerce.number().int().min(0).optional(),
});

export const chatStatusInputSchema = z.object({ status: tipStatusSchema });

export const creatorQuerySchema = z.object({ creator: handleSchema.optional() });
export const displayQuerySchema = z.object({
  creator: handleSchema.optional(),
  key: z.string().min(1).optional(),
});
export const overlayKeyQuerySchema = z.object({ key: z.string().min(1) });

// ---------- stream safety (issue 9) ----------

export const reviewModeSchema = z.enum(REVIEW_MODES);
export type { ReviewMode } from './core.ts';

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
            error: `Blocked words can be at most ${SAFETY_LIMITS.maxTermLength} characters.`,
          }),
      )
      .max(SAFETY_LIMITS.maxTerms, {
        error: `You can block at most ${SAFETY_LIMITS.maxTerms} words and phrases.`,
      }),
    builtinEnabled: z.boolean(),
    minTipAmount: rupeeAmountSchema(LIMITS.tipMinRupees),
    maxMessageLength: z
      .number()
      .int()
      .min(0)
      .max(LIMITS.messageMaxLength, {
        error: `Maximum message length is ${LIMITS.messageMaxLength} characters.`,
      }),
    reviewMode: reviewModeSchema,
    autoLiveMinAmount: z
      .number({ error: MESSAGES.invalidAmount })
      .refine((n) => Number.isFinite(n) && n >= 0, { error: 'Enter an amount of zero or more.' })
      .refine((n) => n <= LIMITS.amountMaxRupees, { error: maxAmountMessage(LIMITS.amountMaxRupees) })
      .refine(hasAtMostTwoDecimals, { error: 'Amounts can have at most two decimals (paise).' }),
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
    error: 'Send exactly one of userId, phone or tipId.',
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

// ---------- the show: tiers and text-to-speech (issue 14) ----------

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
    .number()
    .int()
    .min(SHOW_LIMITS.minSeconds)
    .max(SHOW_LIMITS.maxSeconds, {
      error: `A tier can stay on screen at most ${SHOW_LIMITS.maxSeconds} seconds.`,
    }),
});

export const ttsSettingsSchema = z.object({
  enabled: z.boolean(),
  minAmount: showAmountSchema,
  maxChars: z
    .number()
    .int()
    .min(SHOW_LIMITS.minTtsChars)
    .max(SHOW_LIMITS.maxTtsChars, {
      error: `Read at most ${SHOW_LIMITS.maxTtsChars} characters.`,
    }),
  volume: z.number().int().min(0).max(100),
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
