import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shabaash/shared';
import { buildCreator, buildUser, ledgerMismatches, type BuiltUser } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';

const { app, sim } = await createPaymentsTestApp();
const { db, config } = app.deps;

const balancePaise = async (userId: string) =>
  Number((await db('wallets').where({ user_id: userId }).first('balance_paise')).balance_paise);

const deleteAccount = (user: BuiltUser, balance = 0) =>
  app.request('DELETE', '/api/users/me', {
    token: user.token,
    body: { confirm: true, balancePaise: balance },
  });

const walletTip = (viewer: BuiltUser, handle: string) =>
  app.request<{ code?: string; message?: string }>('POST', '/api/tips/send', {
    token: viewer.token,
    body: { amount: 50, message: 'still here?', creator: handle },
  });

const guestOrder = (handle: string) =>
  app.request<{ order: { id: string }; code?: string; message?: string }>('POST', '/api/tips/guest/order', {
    body: { ageConfirmed: true, amount: 25, message: 'for you', name: 'Asha', creator: handle },
  });

/** Sessions of this test's database waiting on a row lock. */
async function lockWaiters(): Promise<number> {
  const result = await db.raw<{ rows: Array<{ n: number }> }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return result.rows[0]?.n ?? 0;
}

/** Resolves once `n` sessions wait on a lock, or `settled` resolved first (then false). */
async function untilWaiting(n: number, settled: Promise<unknown>): Promise<boolean> {
  let done = false;
  void settled.finally(() => (done = true));
  for (let i = 0; i < 200 && !done; i++) {
    if ((await lockWaiters()) >= n) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

describe("a deleted creator's handle", () => {
  it('refuses wallet tips and guest orders with a clear error, and is never given to someone else', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 10_000 });
    expect((await deleteAccount(creator)).status).toBe(200);

    for (const handle of [creator.handle, creator.handle.toUpperCase()]) {
      const tip = await walletTip(viewer, handle);
      expect(tip.status).toBe(410);
      expect(tip.body).toMatchObject({ code: 'GONE', message: MESSAGES.creatorDeleted });
      const order = await guestOrder(handle);
      expect(order.status).toBe(410);
      expect(order.body).toMatchObject({ code: 'GONE', message: MESSAGES.creatorDeleted });
    }
    expect(await balancePaise(viewer.id)).toBe(10_000);
    expect(await db('tips').where({ creator_id: creator.id }).count()).toEqual([{ count: 0 }]);
    expect(await db('payment_orders').where({ creator_id: creator.id }).count()).toEqual([{ count: 0 }]);
    const profile = await app.request('GET', `/api/tips/recent?creator=${creator.handle}`, {
      token: viewer.token,
    });
    expect(profile.status).toBe(410);

    // The handle stays reserved: an old guest link can never pay a new person.
    const squatter = await buildUser(db, config);
    const claim = await app.request<{ message: string }>('POST', '/api/creator/profile', {
      token: squatter.token,
      body: { handle: creator.handle, displayName: 'Not the same streamer' },
    });
    expect(claim.status).toBe(409);
    expect(claim.body.message).toBe(MESSAGES.handleTaken);
  });

  it("refuses a wallet tip sent while the creator's deletion is in progress, moving no money", async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 10_000 });
    // Hold the creator's wallet row, so the deletion starts and then waits inside its transaction.
    const holder = await db.transaction();
    let deletion: ReturnType<typeof deleteAccount> | undefined;
    let tip: ReturnType<typeof walletTip> | undefined;
    try {
      await holder('wallets').where({ user_id: creator.id }).forUpdate().first();
      deletion = deleteAccount(creator);
      expect(await untilWaiting(1, deletion)).toBe(true);
      tip = walletTip(viewer, creator.handle);
      await untilWaiting(2, tip);
    } finally {
      await holder.commit();
    }
    const [deleted, tipped] = await Promise.all([deletion, tip]);
    expect(deleted.status).toBe(200);
    expect(tipped.status).toBe(410);
    expect(tipped.body.message).toBe(MESSAGES.creatorDeleted);
    expect(await balancePaise(viewer.id)).toBe(10_000);
    expect(await db('tips').where({ creator_id: creator.id }).count()).toEqual([{ count: 0 }]);
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it('refunds a guest payment that raced the deletion through Razorpay, and no tip appears', async () => {
    const creator = await buildCreator(db, config);
    const order = await guestOrder(creator.handle);
    expect(order.status).toBe(200);
    const orderId = order.body.order.id;
    expect((await deleteAccount(creator)).status).toBe(200);

    const paid = sim.pay({ orderId, outcome: 'success' });
    if (!('razorpay_payment_id' in paid.body)) throw new Error('payment failed');
    const paymentId = paid.body.razorpay_payment_id;
    await sim.idle();

    // Razorpay refunded it in full, once, although payment.captured and order.paid both arrived.
    expect(sim.payments.get(paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 2_500 });
    const refund = await db('payment_refunds').where({ payment_id: paymentId }).first();
    expect(refund).toMatchObject({ order_id: orderId, amount_paise: 2_500, reason: 'payee_deleted' });
    expect(refund.refund_id).toMatch(/^rfnd_/);
    const outcomes = await db('webhook_events').where({ order_id: orderId }).pluck('outcome');
    expect(outcomes.sort()).toEqual(['duplicate', 'refunded']);

    // The guest's screen says so; the deleted creator's queue and earnings get nothing.
    const status = await app.request<{ status: string; failureReason: string }>(
      'GET',
      `/api/payments/orders/${orderId}`,
    );
    expect(status.body).toMatchObject({
      status: 'failed',
      failureReason: MESSAGES.paymentRefundedPayeeDeleted,
    });
    expect(await db('tips').where({ creator_id: creator.id }).count()).toEqual([{ count: 0 }]);
    expect(await db('earnings').where({ creator_id: creator.id }).count()).toEqual([{ count: 0 }]);
  });

  it('refunds a top-up paid after its account was deleted, crediting nothing', async () => {
    const viewer = await buildUser(db, config);
    const res = await app.request<{ order: { id: string } }>('POST', '/api/wallet/add-money', {
      token: viewer.token,
      body: { amount: 40 },
    });
    expect((await deleteAccount(viewer)).status).toBe(200);
    const paid = sim.pay({ orderId: res.body.order.id, outcome: 'success' });
    if (!('razorpay_payment_id' in paid.body)) throw new Error('payment failed');
    await sim.idle();
    expect(sim.payments.get(paid.body.razorpay_payment_id)?.status).toBe('refunded');
    expect(await balancePaise(viewer.id)).toBe(0);
    expect(await db('wallet_transactions').where({ user_id: viewer.id }).count()).toEqual([{ count: 0 }]);
  });
});
