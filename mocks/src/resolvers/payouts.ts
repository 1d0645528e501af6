import type { PayoutSummary } from '@shabaash/shared';
import { creatorOf, requireUser, type MockResolvers } from '../context.ts';
import type { MockState } from '../state.ts';

/** A creator's payouts before any are set up: no account, every balance zero. */
export function emptyPayoutSummary(): PayoutSummary {
  const zero = { pendingPaise: 0, availablePaise: 0, inTransitPaise: 0, paidPaise: 0 };
  return {
    routeEnabled: true,
    onboarding: null,
    balances: { ...zero, reversedPaise: 0, debtPaise: 0, feesPaise: 0, earnedPaise: 0 },
    plan: 'starter',
    nextPayoutAt: null,
    payoutsOnHold: false,
    transfers: [],
    reversals: [],
    version: 0,
  };
}

const mockPayouts = (state: MockState, creatorId: string): PayoutSummary =>
  state.payouts.get(creatorId) ?? emptyPayoutSummary();

/** Payouts in mock mode: an onboarding that is accepted at once, and empty balances (no money moves here). */
export const payoutResolvers = {
  payouts: (ctx) => mockPayouts(ctx.state, creatorOf(ctx.state, requireUser(ctx)).userId),
  payoutOnboard: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    const { legalName, accountNumber } = ctx.input;
    const onboarding = {
      status: 'activated' as const,
      reasons: [],
      legalName,
      bankName: 'HDFC Bank',
      accountLast4: accountNumber.slice(-4),
    };
    ctx.state.payouts.set(creator.userId, { ...mockPayouts(ctx.state, creator.userId), onboarding });
    return mockPayouts(ctx.state, creator.userId);
  },
  payoutStatement: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    const zero = { grossTipsPaise: 0, platformFeePaise: 0, platformFeeGstPaise: 0, netTipsPaise: 0 };
    const rates = { platformFeeGstBasisPoints: 1800, tdsWithheldPaise: null };
    return {
      month: ctx.query.month,
      creator: { handle: creator.handle, displayName: creator.displayName },
      totals: {
        ...zero,
        ...rates,
        gatewayFeePaise: null,
        gatewayTaxPaise: null,
        reversalsPaise: 0,
        transfersPaidPaise: 0,
        takenBackPaise: 0,
        openingBalancePaise: 0,
        closingBalancePaise: 0,
      },
      tips: [],
      transfers: [],
      reversals: [],
    };
  },
  payoutCorrect: (ctx) => mockPayouts(ctx.state, creatorOf(ctx.state, requireUser(ctx)).userId),
} satisfies Partial<MockResolvers>;
