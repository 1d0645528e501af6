import { creatorOf, requireUser, type MockResolvers } from '../context.ts';
import type { MockState } from '../state.ts';

const payoutAccounts = new Map<string, { legalName: string; last4: string }>();

function mockPayouts(_state: MockState, creatorId: string) {
  const account = payoutAccounts.get(creatorId);
  const zero = { pendingPaise: 0, availablePaise: 0, inTransitPaise: 0, paidPaise: 0 };
  return {
    routeEnabled: true,
    onboarding: account
      ? {
          status: 'activated' as const,
          reasons: [],
          legalName: account.legalName,
          bankName: 'HDFC Bank',
          accountLast4: account.last4,
        }
      : null,
    balances: { ...zero, reversedPaise: 0, debtPaise: 0, feesPaise: 0, earnedPaise: 0 },
    plan: 'starter' as const,
    nextPayoutAt: null,
    payoutsOnHold: false,
    transfers: [],
    reversals: [],
    version: 0,
  };
}

/** Payouts in mock mode: an onboarding that is accepted at once, and empty balances (no money moves here). */
export const payoutResolvers = {
  payouts: (ctx) => mockPayouts(ctx.state, creatorOf(ctx.state, requireUser(ctx)).userId),
  payoutOnboard: (ctx) => {
    const creator = creatorOf(ctx.state, requireUser(ctx));
    const { legalName, accountNumber } = ctx.input;
    payoutAccounts.set(creator.userId, { legalName, last4: accountNumber.slice(-4) });
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
