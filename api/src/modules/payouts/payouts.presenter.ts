import type { PayoutSummary } from '@shabaash/shared';
import type { BalancesRow } from './earnings.repository.ts';
import type { SummaryAccount, SummaryReversal, SummaryTransfer } from './summary.repository.ts';

/** Rows → the payouts DTO. Only the bank's name and last 4 digits of the account leave the server. */
export function presentSummary(input: {
  routeEnabled: boolean;
  account: SummaryAccount | undefined;
  balances: BalancesRow;
  plan: 'starter' | 'pro';
  nextPayoutAt: Date | null;
  payoutsOnHold: boolean;
  transfers: SummaryTransfer[];
  reversals: SummaryReversal[];
  version: number;
}): PayoutSummary {
  const b = input.balances;
  const a = input.account;
  return {
    routeEnabled: input.routeEnabled,
    onboarding: a
      ? {
          status: a.status,
          reasons: a.clarification_reasons,
          legalName: a.legal_name,
          bankName: a.bank_name,
          // Null only after the creator deleted their account, when no one can read this summary any more.
          accountLast4: a.account_last4 ?? '',
        }
      : null,
    balances: {
      pendingPaise: Number(b.pending_paise),
      availablePaise: Number(b.available_paise),
      inTransitPaise: Number(b.in_transit_paise),
      paidPaise: Number(b.paid_paise),
      reversedPaise: Number(b.reversed_paise),
      debtPaise: Number(b.debt_paise),
      feesPaise: Number(b.fees_paise),
      earnedPaise: Number(b.earned_paise),
    },
    plan: input.plan,
    nextPayoutAt: input.nextPayoutAt?.toISOString() ?? null,
    payoutsOnHold: input.payoutsOnHold,
    transfers: input.transfers.map((t) => ({
      id: t.id,
      amountPaise: Number(t.amount_paise),
      status: t.status,
      razorpayTransferId: t.razorpay_transfer_id,
      utr: t.utr,
      failureReason: t.failure_reason,
      createdAt: t.created_at.toISOString(),
    })),
    reversals: input.reversals.map((r) => ({
      id: r.id,
      amountPaise: Number(r.amount_paise),
      reason: r.reason,
      method: r.method,
      createdAt: r.created_at.toISOString(),
    })),
    version: input.version,
  };
}
