import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.ts';
import { createPaymentsTestApp } from '../../test/razorpay.ts';
import { freePort } from '../ports.ts';
import { insertPaymentOrder } from '../modules/payments/payments.repository.ts';
import { reconcileUnpaidOrders } from './reconcile.ts';

const ctx = await createPaymentsTestApp();
const { app, sim } = ctx;
const db = app.deps.db;

const balancePaise = async (userId: string) =>
  Number((await db('wallets').where({ user_id: userId }).first('balance_paise')).balance_paise);

/** Real gateway orders (razorpay SDK → simulator) recorded as our own, created `ageMs` ago. */
async function unpaidBacklog(count: number, ageMs: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, async (_, j) => {
        const receipt = `backlog_${Date.now()}_${i + j}`;
        const order = await app.deps.payments.createOrder({ amountPaise: 100, receipt, notes: {} });
        await insertPaymentOrder(db, {
          id: order.id,
          receipt,
          purpose: 'guest_tip',
          amountPaise: 100,
          currency: 'INR',
        });
        return order.id;
      }),
    );
    ids.push(...batch);
  }
  await db('payment_orders')
    .whereIn('id', ids)
    .update({ created_at: new Date(Date.now() - ageMs) });
  return ids;
}

/** Pays (or fails) an order at the simulator while every webhook goes to a dead port. */
async function payWithLostWebhooks(orderId: string, outcome: 'success' | 'failure'): Promise<void> {
  ctx.setWebhookUrl(`http://127.0.0.1:${await freePort()}/api/webhooks/razorpay`);
  sim.switches.maxAttempts = 1;
  try {
    sim.pay({ orderId, outcome });
    await sim.idle();
  } finally {
    ctx.setWebhookUrl(ctx.webhookUrl);
    sim.reset();
  }
}

describe('reconciliation under a backlog', () => {
  it('credits a paid order with no webhook behind 1,000 unpaid orders within two runs', async () => {
    await unpaidBacklog(1_000, 60 * 60_000);
    const user = await buildUser(db, app.deps.config);
    const res = await app.request<{ order: { id: string } }>('POST', '/api/wallet/add-money', {
      token: user.token,
      body: { amount: 75 },
    });
    expect(res.status).toBe(200);
    const orderId = res.body.order.id;
    await payWithLostWebhooks(orderId, 'success');
    // The newest order in the window (20 minutes old), behind the whole backlog.
    await db('payment_orders')
      .where({ id: orderId })
      .update({ created_at: new Date(Date.now() - 20 * 60_000) });
    expect(await balancePaise(user.id)).toBe(0);

    await reconcileUnpaidOrders(app.deps);
    await reconcileUnpaidOrders(app.deps);
    expect(await balancePaise(user.id)).toBe(7_500);
  }, 120_000);

  it('closes an order whose every payment failed and stops asking about it', async () => {
    const user = await buildUser(db, app.deps.config);
    const res = await app.request<{ order: { id: string } }>('POST', '/api/wallet/add-money', {
      token: user.token,
      body: { amount: 10 },
    });
    const orderId = res.body.order.id;
    await payWithLostWebhooks(orderId, 'failure');
    await reconcileUnpaidOrders(app.deps, { olderThanMs: 0 });
    const row = await db('payment_orders').where({ id: orderId }).first();
    expect(row.status).toBe('failed');
    expect(row.closed_at).not.toBeNull();
    // A closed order is not asked about again.
    const again = await reconcileUnpaidOrders(app.deps, { olderThanMs: 0 });
    const checkedAgain = await db('payment_orders').where({ id: orderId }).first();
    expect(checkedAgain.last_checked_at.getTime()).toBe(row.last_checked_at.getTime());
    expect(again.errors).toBe(0);
  });

  it('stops asking about an order nobody tried to pay after an hour, and keeps asking about a newer one', async () => {
    const user = await buildUser(db, app.deps.config);
    const order = async () =>
      (
        await app.request<{ order: { id: string } }>('POST', '/api/wallet/add-money', {
          token: user.token,
          body: { amount: 10 },
        })
      ).body.order.id;
    const abandoned = await order();
    const recent = await order();
    await db('payment_orders')
      .where({ id: abandoned })
      .update({ created_at: new Date(Date.now() - 61 * 60_000) });
    await db('payment_orders')
      .where({ id: recent })
      .update({ created_at: new Date(Date.now() - 20 * 60_000) });
    expect(sim.orders.get(abandoned)?.attempts).toBe(0);

    await reconcileUnpaidOrders(app.deps, { olderThanMs: 0 });
    const closed = await db('payment_orders').where({ id: abandoned }).first();
    expect(closed.status).toBe('created');
    expect(closed.closed_at).not.toBeNull();
    expect((await db('payment_orders').where({ id: recent }).first()).closed_at).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 5));
    await reconcileUnpaidOrders(app.deps, { olderThanMs: 0 });
    const [abandonedAfter, recentAfter] = await Promise.all(
      [abandoned, recent].map((id) => db('payment_orders').where({ id }).first()),
    );
    expect(abandonedAfter.last_checked_at.getTime()).toBe(closed.last_checked_at.getTime());
    expect(recentAfter.last_checked_at.getTime()).toBeGreaterThan(closed.last_checked_at.getTime());

    // Paid after all, its webhook still credits the wallet.
    sim.pay({ orderId: abandoned, outcome: 'success' });
    await sim.idle();
    expect(await balancePaise(user.id)).toBe(1_000);
  });
});
