import { describe, expect, it } from 'vitest';
import { LIMITS, gstOfFeePaise, type PayoutStatement } from '@shabaash/shared';
import { buildCreator, buildUser } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { balances, guestTip, onboardCreator, walletTip } from '../../../test/payouts.ts';
import { istClock } from './batchSchedule.ts';
import { runPayoutCycle } from './payoutCycle.ts';

const ctx = await createPaymentsTestApp({
  PAYOUT_HOLD_HOURS: '0',
  PAYOUT_PRO_WINDOW_MS: '0',
  GUEST_ORDER_LIMIT_PER_IP_PER_MINUTE: '100000',
});
const { app, sim } = ctx;
const { db, config } = app.deps;

describe('monthly statement', () => {
  it('reconciles to the paisa with the ledger, shows GST inside the fee, masks payers, and downloads as CSV', async () => {
    const creator = await buildCreator(db, config, {
      lifetimeGrossPaise: LIMITS.starterFreeTierPaise - 5000,
    });
    await onboardCreator(app, sim, creator.token, `stmt-${Date.now()}@example.com`);
    const viewer = await buildUser(db, config, { name: 'Meera Shah', balancePaise: 1_000_000 });
    await walletTip(app, viewer.token, creator.handle, 123.45, 'first!');
    const pay = await guestTip(app, sim, creator.handle, 250, '=HYPERLINK("x")');
    await runPayoutCycle(app.deps, { forceStarter: true });
    await sim.idle();
    await walletTip(app, viewer.token, creator.handle, 99); // pending at statement time
    sim.route.refund(pay);
    await sim.idle();

    const month = istClock(new Date()).date.slice(0, 7);
    const res = await app.request<PayoutStatement>('GET', `/api/creator/payouts/statement?month=${month}`, {
      token: creator.token,
    });
    expect(res.status).toBe(200);
    const s = res.body;
    const b = await balances(db, creator.id);
    const t = s.totals;
    // Closing balance = what the ledger holds for the creator now.
    expect(t.closingBalancePaise).toBe(b.pending + b.available + b.inTransit - b.debt);
    expect(t.closingBalancePaise).toBe(
      t.openingBalancePaise + t.netTipsPaise - t.reversalsPaise - t.transfersPaidPaise + t.takenBackPaise,
    );
    expect(t.grossTipsPaise).toBe(12_345 + 25_000 + 9_900);
    expect(t.grossTipsPaise).toBe(s.tips.reduce((x, tip) => x + tip.grossPaise, 0));
    expect(t.platformFeePaise).toBe(b.fees);
    expect(t.platformFeeGstPaise).toBe(gstOfFeePaise(b.fees, 1800));
    expect(t.netTipsPaise + t.platformFeePaise).toBe(t.grossTipsPaise);
    // Razorpay's fee (2.36% incl. GST in the simulator) and its tax on the guest payment, as its webhook reported.
    const paid = sim.payments.get(pay);
    expect([t.gatewayFeePaise, t.gatewayTaxPaise]).toEqual([paid?.fee, paid?.tax]);
    expect(t.gatewayFeePaise).toBe(590);
    expect(t.transfersPaidPaise).toBe(
      s.transfers.filter((x) => x.status === 'processed').reduce((x, tr) => x + tr.amountPaise, 0),
    );
    expect(s.transfers.every((x) => x.status !== 'processed' || /^\d{12}$/.test(x.utr ?? ''))).toBe(true);
    expect(s.reversals).toHaveLength(1);
    expect(s.tips[0]).toMatchObject({
      source: 'wallet',
      payer: `Meera Shah ••${viewer.phone.slice(-4)}`,
      message: 'first!',
    });
    expect(JSON.stringify(s)).not.toContain(viewer.phone);
    expect(s.tips[1]).toMatchObject({ source: 'guest', paymentId: pay, payer: 'Ravi' });

    const csv = await fetch(`${app.url}/api/creator/payouts/statement.csv?month=${month}`, {
      headers: { authorization: `Bearer ${creator.token}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain(`"Closing balance","${(t.closingBalancePaise / 100).toFixed(2)}"`);
    expect(text).toContain(`"GST in platform fee (18%)","${(t.platformFeeGstPaise / 100).toFixed(2)}"`);
    expect(text).toContain(`"'=HYPERLINK(""x"")"`); // a formula in a message is neutralised
    expect(text).not.toContain(viewer.phone);

    const other = await buildCreator(db, config);
    const theirs = await app.request<PayoutStatement>(
      'GET',
      `/api/creator/payouts/statement?month=${month}`,
      { token: other.token },
    );
    expect(theirs.body.tips).toHaveLength(0);
    const viewerTry = await app.request('GET', `/api/creator/payouts/statement?month=${month}`, {
      token: viewer.token,
    });
    expect(viewerTry.status).toBe(403);
  });
});
