import { describe, expect, it } from 'vitest';
import { MESSAGES, SAFETY_MESSAGES, maskPhone, type Tip } from '@shabaash/shared';
import { buildCreator, buildUser, type BuiltCreator, type BuiltUser } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { onboardCreator, PAYOUTS_AT_ONCE } from '../../../test/payouts.ts';
import { runPayoutCycle } from '../payouts/payoutCycle.ts';

// WALLET_MODE=off: no stored balance; a signed-in viewer's tip is paid at once through Razorpay Checkout.
const { app, sim } = await createPaymentsTestApp({ WALLET_MODE: 'off', ...PAYOUTS_AT_ONCE });
const db = app.deps.db;
const config = app.deps.config;

interface OrderBody {
  order: { id: string; amount: number; currency: string };
}

const tipOrder = (viewer: BuiltUser, creator: BuiltCreator, body: Record<string, unknown> = {}) =>
  app.request<OrderBody & { code?: string; message?: string; field?: string }>('POST', '/api/tips/order', {
    token: viewer.token,
    body: { amount: 75, message: 'Clutch round!', creator: creator.handle, ...body },
  });

/** Pays an order in the simulator's checkout with UPI from the viewer's phone, and waits for its webhooks. */
async function payWithUpi(orderId: string, contact: string): Promise<string> {
  const result = sim.pay({ orderId, outcome: 'success', method: 'upi', contact: `+91${contact}` });
  if (!('payment' in result.body)) throw new Error('no payment in pay result');
  await sim.idle();
  return result.body.payment.id;
}

describe('WALLET_MODE=off: a signed-in viewer tips through Checkout', () => {
  it("lands the viewer's tip as theirs: name, history, masked phone for the creator, and no ledger entry", async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { name: 'Kabir Rao' });
    const res = await tipOrder(viewer, creator);
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ amount: 7_500, currency: 'INR' });
    expect(sim.orders.get(res.body.order.id)?.notes).toMatchObject({
      purpose: 'guest_tip',
      userId: viewer.id,
      creatorId: creator.id,
    });
    // Nothing lands before the payment is captured.
    expect(await db('tips').where({ order_id: res.body.order.id }).first()).toBeUndefined();

    const paymentId = await payWithUpi(res.body.order.id, viewer.phone);

    const chats = await app.request<{ tips: Tip[] }>('GET', '/api/creator/chats', { token: creator.token });
    const seen = chats.body.tips.find((t) => t.message === 'Clutch round!');
    expect(seen).toMatchObject({ name: 'Kabir Rao', amountPaise: 7_500 });
    expect(seen?.sender?.phone).toBe(maskPhone(viewer.phone));

    const mine = await app.request<{ tips: Tip[] }>('GET', `/api/tips/recent?creator=${creator.handle}`, {
      token: viewer.token,
    });
    expect(mine.body.tips.map((t) => t.message)).toContain('Clutch round!');

    const tip = await db('tips').where({ payment_id: paymentId }).first();
    expect(tip).toMatchObject({ sender_id: viewer.id, source: 'guest', order_id: res.body.order.id });
    expect(await db('wallet_transactions').where({ user_id: viewer.id })).toEqual([]);
  });

  it("shows the order's state to its viewer only", async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config);
    const other = await buildUser(db, config);
    const { body } = await tipOrder(viewer, creator);
    const path = `/api/payments/orders/${body.order.id}`;
    expect((await app.request('GET', path, { token: viewer.token })).status).toBe(200);
    expect((await app.request('GET', path, { token: other.token })).status).toBe(404);
    expect((await app.request('GET', path)).status).toBe(401);
  });

  it('refuses before any order exists what a wallet tip refuses', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config);
    const ordersBefore = sim.orders.size;

    const own = await tipOrder(creator, creator);
    expect(own).toMatchObject({ status: 400, body: { message: MESSAGES.ownChannelTip } });

    const safety = await app.request('PUT', '/api/creator/safety', {
      token: creator.token,
      body: { blockedTerms: ['noob'], minTipAmount: 20 },
    });
    expect(safety.status).toBe(200);
    expect((await tipOrder(viewer, creator, { amount: 10 })).body.field).toBe('amount');
    expect((await tipOrder(viewer, creator, { message: 'total noob' })).body.field).toBe('message');

    // Blocked by phone number, as a creator blocks one they met elsewhere (the account's own id is checked too).
    await db('blocked_senders').insert({ creator_id: creator.id, phone: viewer.phone });
    expect(await tipOrder(viewer, creator)).toMatchObject({
      status: 403,
      body: { message: SAFETY_MESSAGES.blockedSender },
    });

    const other = await buildCreator(db, config);
    await db('creators').where({ user_id: other.id }).update({ suspended_at: new Date() });
    expect(await tipOrder(viewer, other)).toMatchObject({ status: 403, body: { code: 'CREATOR_SUSPENDED' } });

    expect(sim.orders.size).toBe(ordersBefore);
  });

  it('refunds, never lands, a payment whose viewer the creator blocked after the order was made', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config);
    const { body } = await tipOrder(viewer, creator, { message: 'sneaky' });
    await db('blocked_senders').insert({ creator_id: creator.id, user_id: viewer.id });
    // Paid from another number, so only the account's block can catch it.
    const paymentId = await payWithUpi(body.order.id, '9000000001');
    expect(await db('tips').where({ order_id: body.order.id }).first()).toBeUndefined();
    expect(sim.payments.get(paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 7_500 });
  });
});

describe('WALLET_MODE=off: payouts', () => {
  it("pays a signed-in viewer's checkout tip out as a transfer from its payment, as a guest tip's", async () => {
    const creator = await buildCreator(db, config);
    await onboardCreator(app, sim, creator.token, `viewer-tips-${Date.now()}@example.com`);
    const viewer = await buildUser(db, config);
    const { body } = await tipOrder(viewer, creator);
    const paymentId = await payWithUpi(body.order.id, viewer.phone);
    await runPayoutCycle(app.deps, { forceStarter: true });
    await sim.idle();
    const transfers = await db('payout_transfers').where({ creator_id: creator.id }).select('*');
    expect(transfers.map((t) => [t.kind, t.source_payment_id, Number(t.amount_paise)])).toEqual([
      ['payment', paymentId, 7_500],
    ]);
  });
});

describe('WALLET_MODE=off: the wallet routes answer 404 WALLET_OFF', () => {
  it('balance, activity, add money and wallet tips', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config);
    const calls = [
      app.request('GET', '/api/wallet/balance', { token: viewer.token }),
      app.request('GET', '/api/wallet/transactions', { token: viewer.token }),
      app.request('POST', '/api/wallet/add-money', { token: viewer.token, body: { amount: 100 } }),
      app.request('POST', '/api/tips/send', {
        token: viewer.token,
        body: { amount: 10, message: 'hi', creator: creator.handle },
      }),
    ];
    for (const res of await Promise.all(calls))
      expect(res).toMatchObject({ status: 404, body: { code: 'WALLET_OFF', message: MESSAGES.walletOff } });
  });
});
