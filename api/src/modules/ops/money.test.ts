import { describe, expect, it } from 'vitest';
import { gstOfFeePaise, type MoneyOverview } from '@shabaash/shared';
import { buildCreator, buildOperator, buildUser } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { istToday } from './reconciliation.service.ts';

const ctx = await createPaymentsTestApp();
const { app, sim } = ctx;
const db = app.deps.db;

const overview = async (token: string) =>
  (await app.request<MoneyOverview>('GET', '/api/ops/money', { token })).body;

describe('the money overview, from the ledger', () => {
  it('shows wallet liability, creators’ earnings, fees with their GST and today’s wallet and guest volume', async () => {
    const operator = await buildOperator(db, app.deps.config);
    const before = await overview(operator.token);

    const viewer = await buildUser(db, app.deps.config, { balancePaise: 50_000 });
    const creator = await buildCreator(db, app.deps.config);
    const sent = await app.request('POST', '/api/tips/send', {
      token: viewer.token,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { creator: creator.handle, amount: 100, message: 'Shabaash!' },
    });
    expect(sent.status).toBe(200);
    const order = await app.request<{ order: { id: string } }>('POST', '/api/tips/guest/order', {
      body: { ageConfirmed: true, amount: 200, creator: creator.handle, name: 'Asha' },
    });
    sim.pay({ orderId: order.body.order.id, outcome: 'success' });
    await sim.idle();

    const after = await overview(operator.token);
    const tips = await db('tips').where({ creator_id: creator.id }).select('amount_paise', 'fee_paise');
    expect(tips).toHaveLength(2);
    const fees = tips.reduce((s, t) => s + Number(t.fee_paise), 0);
    const net = 30_000 - fees;
    const wallet = await db('wallets').where({ user_id: viewer.id }).first('balance_paise');
    // The viewer paid ₹100 out of ₹500 (plus any cashback the wallet tip earned).
    expect(after.walletLiabilityPaise - before.walletLiabilityPaise).toBe(Number(wallet.balance_paise));
    // No payout account yet: the earnings are pending (the hold window), nothing is available or paid.
    expect(after.earnings.pendingPaise - before.earnings.pendingPaise).toBe(net);
    expect(after.platformFees.feesPaise - before.platformFees.feesPaise).toBe(fees);
    expect(after.platformFees.gstPaise).toBe(gstOfFeePaise(after.platformFees.feesPaise, 1800));
    expect(after.platformFees.gstBasisPoints).toBe(1800);
    expect(after.platformFees.netPaise).toBe(after.platformFees.feesPaise - after.platformFees.gstPaise);
    expect(after.days).toHaveLength(30);
    const [day0, day1] = [before.days.at(-1)!, after.days.at(-1)!];
    expect(day1.day).toBe(istToday());
    expect(day1.walletTipsPaise - day0.walletTipsPaise).toBe(10_000);
    expect(day1.walletTipCount - day0.walletTipCount).toBe(1);
    expect(day1.guestTipsPaise - day0.guestTipsPaise).toBe(20_000);
    expect(day1.guestTipCount - day0.guestTipCount).toBe(1);
  });

  it('counts available money of a creator without an activated payout account as held', async () => {
    const operator = await buildOperator(db, app.deps.config);
    const creator = await buildCreator(db, app.deps.config);
    const before = await overview(operator.token);
    await db('creator_earnings').insert({
      creator_id: creator.id,
      earned_paise: 7_000,
      available_paise: 7_000,
    });
    const after = await overview(operator.token);
    expect(after.earnings.heldPaise - before.earnings.heldPaise).toBe(7_000);
    expect(after.earnings.availablePaise).toBe(before.earnings.availablePaise);
  });
});
