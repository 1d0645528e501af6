import { z } from 'zod';
import { phoneSchema } from './schemas.ts';
import { VALIDATION_MESSAGES } from './validationMessages.ts';

export { PAYOUT_MESSAGES } from './payoutMessages.ts';
import { PAYOUT_MESSAGES } from './payoutMessages.ts';

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NUMBER_PATTERN = /^[0-9]{9,18}$/;

const upper = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => pattern.test(v), { message });
const text = (message: string, min = 2, max = 120) =>
  z.string({ error: message }).trim().min(min, { message }).max(max, { message });

/** What a creator gives to open a Route linked account; every format is checked before any Razorpay call. */
export const payoutOnboardingInputSchema = z
  .object({
    legalName: text(PAYOUT_MESSAGES.legalName),
    email: z.email({ error: PAYOUT_MESSAGES.email }),
    phone: phoneSchema,
    pan: upper(PAN_PATTERN, PAYOUT_MESSAGES.pan),
    street: text(PAYOUT_MESSAGES.address, 3, 200),
    city: text(PAYOUT_MESSAGES.address, 2, 80),
    state: text(PAYOUT_MESSAGES.address, 2, 80),
    postalCode: z
      .string({ error: PAYOUT_MESSAGES.postalCode })
      .regex(/^[1-9][0-9]{5}$/, PAYOUT_MESSAGES.postalCode),
    accountNumber: upper(ACCOUNT_NUMBER_PATTERN, PAYOUT_MESSAGES.accountNumber),
    confirmAccountNumber: z.string().optional(),
    ifsc: upper(IFSC_PATTERN, PAYOUT_MESSAGES.ifsc),
    beneficiaryName: text(PAYOUT_MESSAGES.beneficiaryName),
  })
  .refine(
    (v) =>
      v.confirmAccountNumber === undefined || v.confirmAccountNumber.replace(/\s+/g, '') === v.accountNumber,
    {
      message: PAYOUT_MESSAGES.accountNumberMismatch,
      path: ['confirmAccountNumber'],
    },
  );
export type PayoutOnboardingInput = z.input<typeof payoutOnboardingInputSchema>;

/** A correction after `needs_clarification`: new bank details (all three). */
export const payoutCorrectionInputSchema = z.object({
  accountNumber: upper(ACCOUNT_NUMBER_PATTERN, PAYOUT_MESSAGES.accountNumber),
  ifsc: upper(IFSC_PATTERN, PAYOUT_MESSAGES.ifsc),
  beneficiaryName: text(PAYOUT_MESSAGES.beneficiaryName),
});

export const linkedAccountStatusSchema = z.enum([
  'created',
  'under_review',
  'needs_clarification',
  'activated',
  'suspended',
]);

const balancesSchema = z.object({
  pendingPaise: z.number().int(),
  availablePaise: z.number().int(),
  inTransitPaise: z.number().int(),
  paidPaise: z.number().int(),
  reversedPaise: z.number().int(),
  debtPaise: z.number().int(),
  feesPaise: z.number().int(),
  earnedPaise: z.number().int(),
});

export const payoutTransferSchema = z.object({
  id: z.string(),
  amountPaise: z.number().int(),
  status: z.enum(['created', 'in_transit', 'processed', 'failed']),
  razorpayTransferId: z.string().nullable(),
  utr: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});

export const payoutReversalSchema = z.object({
  id: z.string(),
  amountPaise: z.number().int(),
  reason: z.string(),
  method: z.string(),
  createdAt: z.string(),
});

/** GET /api/creator/payouts: onboarding, balances, plan, next payout and history. PAN/account number never appear. */
export const payoutSummarySchema = z.object({
  routeEnabled: z.boolean(),
  onboarding: z
    .object({
      status: linkedAccountStatusSchema,
      reasons: z.array(z.string()),
      legalName: z.string(),
      bankName: z.string(),
      accountLast4: z.string(),
    })
    .nullable(),
  balances: balancesSchema,
  plan: z.enum(['starter', 'pro']),
  nextPayoutAt: z.string().nullable(),
  /** Payouts are on hold (by the platform's operators): nothing is sent until released. No reason is shown here. */
  payoutsOnHold: z.boolean(),
  transfers: z.array(payoutTransferSchema),
  reversals: z.array(payoutReversalSchema),
  /** The version of the creator's payouts space this summary is at least as new as (`payout:update` carries it). */
  version: z.number().int().min(0),
});
export type PayoutSummary = z.infer<typeof payoutSummarySchema>;

/** `?month=YYYY-MM` (IST calendar month) of a statement. */
export const statementMonthSchema = z
  .string({ error: VALIDATION_MESSAGES.statementMonth })
  .regex(/^20[0-9]{2}-(0[1-9]|1[0-2])$/, VALIDATION_MESSAGES.statementMonth);

/** The statement endpoint's query. */
export const payoutStatementQuerySchema = z.object({ month: statementMonthSchema });

/**
 * GST inside the platform fee: the fee charged is GST-inclusive at `gstBasisPoints` (`PLATFORM_FEE_GST_RATE`,
 * 18% = 1800), so GST = fee × rate / (100% + rate), rounded to the paisa (18%: fee × 18 / 118).
 */
export const gstOfFeePaise = (feePaise: number, gstBasisPoints: number) =>
  Math.round((feePaise * gstBasisPoints) / (10_000 + gstBasisPoints));

/**
 * A monthly statement; every amount in paise, and it reconciles: closing = opening + net − reversals − paid + taken
 * back − TDS withheld.
 */
export const payoutStatementSchema = z.object({
  month: z.string(),
  creator: z.object({ handle: z.string(), displayName: z.string() }),
  totals: z.object({
    grossTipsPaise: z.number().int(),
    platformFeePaise: z.number().int(),
    platformFeeGstPaise: z.number().int(),
    /** The GST rate inside the platform fee (basis points: 18% = 1800). */
    platformFeeGstBasisPoints: z.number().int(),
    netTipsPaise: z.number().int(),
    /** 194-O TDS withheld from payouts in the month, less what was given back (null: no TDS configured). */
    tdsWithheldPaise: z.number().int().nullable(),
    /** Razorpay's gateway fee and its tax on guest payments, where Razorpay reported them (null: not reported). */
    gatewayFeePaise: z.number().int().nullable(),
    gatewayTaxPaise: z.number().int().nullable(),
    reversalsPaise: z.number().int(),
    transfersPaidPaise: z.number().int(),
    takenBackPaise: z.number().int(),
    openingBalancePaise: z.number().int(),
    closingBalancePaise: z.number().int(),
  }),
  tips: z.array(
    z.object({
      time: z.string(),
      paymentId: z.string(),
      source: z.enum(['wallet', 'guest']),
      payer: z.string(),
      message: z.string(),
      shownLive: z.boolean(),
      grossPaise: z.number().int(),
      feePaise: z.number().int(),
      netPaise: z.number().int(),
    }),
  ),
  transfers: z.array(
    z.object({
      id: z.string(),
      razorpayTransferId: z.string().nullable(),
      amountPaise: z.number().int(),
      status: z.string(),
      utr: z.string().nullable(),
      createdAt: z.string(),
      /** 194-O TDS this transfer withheld (negative: an earlier excess given back with it); null: none recorded. */
      tdsPaise: z.number().int().nullable(),
    }),
  ),
  reversals: z.array(
    z.object({
      id: z.string(),
      paymentId: z.string().nullable(),
      amountPaise: z.number().int(),
      reason: z.string(),
      method: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type PayoutStatement = z.infer<typeof payoutStatementSchema>;
