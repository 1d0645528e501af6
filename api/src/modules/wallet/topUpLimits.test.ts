import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shabaash/shared';
import { buildUser, type BuiltUser } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';

const { app, sim } = await createPaymentsTestApp({
  ADD_MONEY_LIMIT_PER_USER_PER_MINUTE: '8',
  ADD_MONEY_LIMIT_PER_IP_PER_MINUTE: '8',
  TOP_UP_OPEN_ORDERS_MAX: '3',
  TRUST_PROXY: 'true',
});
const db = app.deps.db;
const config = app.deps.config;

const addMoney = (user: BuiltUser, ip: string) =>
  app.request<{ order?: { id: string }; message?: string; code?: string }>('POST', '/api/wallet/add-money', {
    token: user.token,
    body: { amount: 10 },
    headers: { 'x-forwarded-for': ip },
  });

/** Pays an order at the simulator and waits until its webhook has credited it. */
async function pay(orderId: string): Promise<void> {
  expect(sim.pay({ orderId, outcome: 'success' }).status).toBe(200);
  await sim.idle();
  expect((await db('payment_orders').where({ id: orderId }).first()).status).toBe('paid');
}

describe('add-money limits', () => {
  it('refuses a new top-up while the account holds its cap of unpaid orders, with a clear message', async () => {
    const user = await buildUser(db, config);
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await addMoney(user, '198.51.100.20');
      expect(res.status).toBe(200);
      orders.push(res.body.order!.id);
    }
    const refused = await addMoney(user, '198.51.100.20');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGES.tooManyOpenOrders });
    expect(await db('payment_orders').where({ user_id: user.id }).count()).toEqual([{ count: 3 }]);

    // Paying one frees a place; an unpaid order older than the window no longer counts either.
    await pay(orders[0]!);
    expect((await addMoney(user, '198.51.100.20')).status).toBe(200);
    expect((await addMoney(user, '198.51.100.20')).status).toBe(429);
    await db('payment_orders')
      .where({ id: orders[1] })
      .update({ created_at: new Date(Date.now() - 31 * 60_000) });
    expect((await addMoney(user, '198.51.100.20')).status).toBe(200);
  });

  it('limits top-up orders per account, even when each is paid at once', async () => {
    const user = await buildUser(db, config);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await addMoney(user, `203.0.113.${60 + i}`);
      statuses.push(res.status);
      if (res.body.order) await pay(res.body.order.id);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    expect((await addMoney(await buildUser(db, config), '203.0.113.90')).status).toBe(200);
  });

  it('limits top-up orders per address across accounts', async () => {
    const users = await Promise.all([1, 2, 3].map(() => buildUser(db, config)));
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await addMoney(users[i % 3]!, '192.0.2.140')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    const refused = await addMoney(users[0]!, '192.0.2.140');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await addMoney(await buildUser(db, config), '192.0.2.141')).status).toBe(200);
  });
});
