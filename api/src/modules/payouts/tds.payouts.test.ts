import { describe, expect, it } from 'vitest';
import { buildCreator, buildOperator } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { TDS_AT_TEST_RATES, expectLedgerIdentity, guestTip, onboardCreator } from '../../../test/payouts.ts';
import type { PayoutStatement } from '@shabaash/shared';
import { istClock } from './batchSchedule.ts';
import { retryFailedTransfer } from './payoutHolds.service.ts';
import { runPayoutCycle } from './payoutCycle.ts';

/** 5% with a PAN, 20% without, ₹300 exemption for individuals (Starter creators: no platform fee on these tips). */
const { app, sim } = await createPaymentsTestApp(TDS_AT_TEST_RATES);
const { db, config } = app.deps;
const deps = app.deps;
let emails = 0;

async function activeCreator(opts: { pan?: boolean } = {}) {
  const creator = await buildCreator(db, config);
  await onboardCreator(app, sim, creator.token, `tds-payouts${++emails}-${Date.now()}@example.com`);
  if (opts.pan === false) await db('payout_tax_ids').where({ creator_id: creator.id }).delete();
  return creator;
}

/** One Starter batch now (a new IST day for the creator), Razorpay's answers and webhooks included. */
async function payOut(creatorId: string) {
  await db('creator_earnings').where({ creator_id: creatorId }).update({ last_batch_on: null });
  await runPayoutCycle(deps, { forceStarter: true });
  await sim.idle();
}

const transfersOf = (creatorId: string) =>
  db('payout_transfers')
    .where({ creator_id: creatorId })
    .orderBy('created_at')
    .select<Array<{ id: string; amount_paise: string; status: string }>>('*');

describe('194-O TDS withheld at payout', () => {
  it('nothing within the exemption, then the catch-up on the whole year on the payout that crosses it', async () => {
    const creator = await activeCreator();
    await guestTip(app, sim, creator.handle, 200);
    await payOut(creator.id);
    // ₹200 this year: within ₹300, nothing withheld; the whole ₹200 goes.
    expect((await transfersOf(creator.id)).map((t) => Number(t.amount_paise))).toEqual([20_000]);
    await guestTip(app, sim, creator.handle, 250);
    await payOut(creator.id);
    // ₹450 this year: 5% of the whole ₹450 = ₹22.50, rounded (50 paise up) to ₹23; the ₹250 payout sends ₹227.
    expect((await transfersOf(creator.id)).map((t) => Number(t.amount_paise))).toEqual([20_000, 22_700]);
    const b = await expectLedgerIdentity(db, creator.id);
    expect(b.tds).toBe(2_300);
    expect(b.fees).toBe(0); // the TDS is its own holding, never in the platform's fees
    expect(b.paid).toBe(42_700);
    // The month's statement shows it and still reconciles with the ledger.
    const month = istClock(new Date()).date.slice(0, 7);
    const res = await app.request<PayoutStatement>('GET', `/api/creator/payouts/statement?month=${month}`, {
      token: creator.token,
    });
    const t = res.body.totals;
    expect(t.tdsWithheldPaise).toBe(2_300);
    expect(res.body.transfers.map((x) => x.tdsPaise)).toEqual([0, 2_300]);
    expect(t.closingBalancePaise).toBe(b.pending + b.available + b.inTransit - b.debt);
    expect(t.closingBalancePaise).toBe(
      t.openingBalancePaise +
        t.netTipsPaise -
        t.reversalsPaise -
        t.transfersPaidPaise +
        t.takenBackPaise -
        (t.tdsWithheldPaise ?? 0),
    );
    const csv = await fetch(`${app.url}/api/creator/payouts/statement.csv?month=${month}`, {
      headers: { authorization: `Bearer ${creator.token}` },
    });
    const text = await csv.text();
    expect(text).toContain('"TDS withheld (section 194-O)","23.00"');
    expect(text).toContain('"GST in platform fee (18%)","0.00"');
  });

  it('a refund of a paid tip gives its part of the year’s deduction back, so Razorpay reverses only what was sent', async () => {
    const creator = await activeCreator();
    await guestTip(app, sim, creator.handle, 200);
    const second = await guestTip(app, sim, creator.handle, 250);
    await payOut(creator.id);
    // One transfer per guest payment in one batch: ₹200 (year ₹200: nothing), then ₹250 (year ₹450: ₹23).
    const amounts = (await transfersOf(creator.id)).map((t) => Number(t.amount_paise)).sort((a, c) => a - c);
    expect(amounts).toEqual([20_000, 22_700]);
    sim.route.refund(second);
    await sim.idle();
    // The year is back to ₹200, within the exemption: the ₹23 returns out of the TDS holding and Razorpay
    // reverses ₹250 − ₹23 = ₹227, all of that transfer.
    const reversal = await db('payout_reversals')
      .where({ creator_id: creator.id })
      .first<{ amount_paise: string; tds_paise: string; status: string }>();
    expect(Number(reversal.amount_paise)).toBe(25_000);
    expect(Number(reversal.tds_paise)).toBe(2_300);
    const reversedAtRazorpay = [...sim.route.transfers.values()].reduce((s, t) => s + t.amount_reversed, 0);
    expect(reversedAtRazorpay).toBeGreaterThanOrEqual(22_700);
    const b = await expectLedgerIdentity(db, creator.id);
    expect(b.tds).toBe(0);
    expect(b.debt).toBe(0);
  });

  it('without a PAN, the higher rate and no exemption', async () => {
    const creator = await activeCreator({ pan: false });
    await guestTip(app, sim, creator.handle, 100);
    await payOut(creator.id);
    // 20% of ₹100 = ₹20.
    expect((await transfersOf(creator.id)).map((t) => Number(t.amount_paise))).toEqual([8_000]);
    expect((await expectLedgerIdentity(db, creator.id)).tds).toBe(2_000);
  });

  it('a failed transfer returns its deduction with its earnings, and its retry deducts once', async () => {
    const creator = await activeCreator();
    await guestTip(app, sim, creator.handle, 400);
    sim.switches.routeFailTransfers = true;
    try {
      await payOut(creator.id);
    } finally {
      sim.switches.routeFailTransfers = false;
    }
    const [failed] = await transfersOf(creator.id);
    expect(failed?.status).toBe('failed');
    let b = await expectLedgerIdentity(db, creator.id);
    expect({ tds: b.tds, available: b.available }).toEqual({ tds: 0, available: 40_000 });
    const operator = await buildOperator(db, config);
    await retryFailedTransfer(deps, operator.id, failed!.id);
    await sim.idle();
    await payOut(creator.id); // a batch after the retry finds nothing more to deduct
    // ₹400: 5% = ₹20, once.
    const transfers = await transfersOf(creator.id);
    expect(transfers.map((t) => [t.status, Number(t.amount_paise)])).toEqual([
      ['failed', 38_000],
      ['processed', 38_000],
    ]);
    b = await expectLedgerIdentity(db, creator.id);
    expect({ tds: b.tds, paid: b.paid }).toEqual({ tds: 2_000, paid: 38_000 });
  });
});
