import type Router from '@koa/router';
import { gstOfFeePaise } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { contractRouter } from '../../http/contract.ts';
import { moneyByDay, moneyTotals } from './money.repository.ts';

/** Days of tip volume the overview shows. */
export const MONEY_OVERVIEW_DAYS = 30;

/** GET /api/ops/money: what the platform holds for others and what it earned, from the ledger (operators only). */
export function moneyRoutes({ db, config }: AppDeps): Router {
  const { router, route } = contractRouter(config);
  route('opsMoney', async () => {
    const [t, days] = await Promise.all([moneyTotals(db), moneyByDay(db, MONEY_OVERVIEW_DAYS)]);
    const gstBasisPoints = config.legal.platformFeeGstBasisPoints;
    const gst = gstOfFeePaise(t.fees_paise, gstBasisPoints);
    return {
      walletLiabilityPaise: t.wallet_liability_paise,
      fundedWallets: t.funded_wallets,
      earnings: {
        pendingPaise: t.pending_paise,
        availablePaise: t.available_paise,
        heldPaise: t.held_paise,
        inTransitPaise: t.in_transit_paise,
        paidPaise: t.paid_paise,
        reversedPaise: t.reversed_paise,
        debtPaise: t.debt_paise,
        tdsPaise: t.tds_paise,
      },
      platformFees: { feesPaise: t.fees_paise, gstPaise: gst, netPaise: t.fees_paise - gst, gstBasisPoints },
      days: days.map((d) => ({
        day: d.day,
        walletTipsPaise: d.wallet_tips_paise,
        walletTipCount: d.wallet_tip_count,
        guestTipsPaise: d.guest_tips_paise,
        guestTipCount: d.guest_tip_count,
        feesPaise: d.fees_paise,
      })),
      asOf: new Date().toISOString(),
    };
  });
  return router;
}
