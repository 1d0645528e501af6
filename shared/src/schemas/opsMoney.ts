import { z } from 'zod';
import { define } from '../endpointTools.ts';
import { VALIDATION_MESSAGES } from '../validationMessages.ts';
import { operatorReasonSchema } from './ops.ts';

// The operator console's money area: the overview from the ledger and the daily reconciliation with Razorpay.
// Amounts are integer paise; the PWA formats them (shared/money).

const paise = z.number().int();

/** One IST day of tip volume. */
export const moneyDaySchema = z.object({
  day: z.string(),
  walletTipsPaise: paise,
  walletTipCount: z.number().int(),
  guestTipsPaise: paise,
  guestTipCount: z.number().int(),
  feesPaise: paise,
});

export const moneyOverviewSchema = z.object({
  /** What Shabaash owes viewers: the sum of every wallet balance. */
  walletLiabilityPaise: paise,
  fundedWallets: z.number().int(),
  /**
   * Creators' earnings by state. `held`: available but not payable (no activated payout account); `debt`: reversals
   * a creator still owes, recovered from the next payouts; `tds`: section 194-O TDS withheld from payouts (owed to
   * the government, never part of the platform's fees).
   */
  earnings: z.object({
    pendingPaise: paise,
    availablePaise: paise,
    heldPaise: paise,
    inTransitPaise: paise,
    paidPaise: paise,
    reversedPaise: paise,
    debtPaise: paise,
    tdsPaise: paise,
  }),
  /** Platform fees earned (GST included), the GST inside them at `gstBasisPoints` (18% = 1800) and the rest. */
  platformFees: z.object({
    feesPaise: paise,
    gstPaise: paise,
    netPaise: paise,
    gstBasisPoints: z.number().int(),
  }),
  /** The last 30 IST days, oldest first, today included. */
  days: z.array(moneyDaySchema),
  asOf: z.string(),
});
export type MoneyOverview = z.infer<typeof moneyOverviewSchema>;

export const reconEntitySchema = z.enum(['payment', 'refund', 'transfer', 'settlement']);
export const differenceKindSchema = z.enum([
  'missing_in_ledger',
  'missing_at_razorpay',
  'amount_mismatch',
  'status_mismatch',
]);

export const reconRunSchema = z.object({
  id: z.string(),
  day: z.string(),
  trigger: z.enum(['job', 'operator', 'command']),
  status: z.enum(['running', 'done', 'failed']),
  /** How many entities of each kind were compared. */
  compared: z.record(z.string(), z.number().int()),
  found: z.number().int(),
  resolved: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReconRun = z.infer<typeof reconRunSchema>;

export const reconDifferenceSchema = z.object({
  id: z.string(),
  day: z.string(),
  kind: differenceKindSchema,
  entity: reconEntitySchema,
  entityId: z.string(),
  /** Our record and Razorpay's, as each side reported it (null on the side that lacks it). */
  ledger: z.unknown().nullable(),
  razorpay: z.unknown().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type ReconDifference = z.infer<typeof reconDifferenceSchema>;

export const reconciliationSchema = z.object({
  runs: z.array(reconRunSchema),
  open: z.array(reconDifferenceSchema),
  openCount: z.number().int(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: VALIDATION_MESSAGES.reconDay })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00+05:30`)), { error: VALIDATION_MESSAGES.reconDay });

export const reconRunInputSchema = z.object({
  /** The IST day to reconcile; yesterday when omitted. */
  day: daySchema.optional(),
});

export const reconResolveInputSchema = z.object({ reason: operatorReasonSchema });

export const opsMoneyEndpoints = define({
  opsMoney: {
    output: moneyOverviewSchema,
  },
  opsReconciliation: {
    output: reconciliationSchema,
  },
  opsReconciliationRun: {
    input: reconRunInputSchema,
    output: z.object({ run: reconRunSchema }),
  },
  opsReconciliationResolve: {
    input: reconResolveInputSchema,
    output: z.object({ difference: reconDifferenceSchema }),
  },
});

/** A quarter of an Indian financial year: `fy` its starting year (2026 = 2026-27), `quarter` 1 (April–June) to 4. */
export const tdsQuarterQuerySchema = z.object({
  fy: z.coerce.number().int().min(2020).max(2100),
  quarter: z.coerce.number().int().min(1).max(4),
});

/** The Form 16A data sheet of one creator (deductee) for a quarter. */
export const tds16aQuerySchema = tdsQuarterQuerySchema.extend({ creator: z.uuid() });
