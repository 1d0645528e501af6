import { describe, expect, it } from 'vitest';
import { buildCreator, buildUser } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';

const ctx = await createPaymentsTestApp({
  GUEST_ORDER_LIMIT_PER_IP_PER_MINUTE: '6',
  GUEST_ORDER_LIMIT_PER_CREATOR_PER_MINUTE: '4',
  TIP_MAX_RUPEES: '50000',
  TRUST_PROXY: 'true',
  DEFAULT_CREATOR: 'default-star',
});
const { app } = ctx;
const db = app.deps.db;

const guestOrder = (body: unknown, ip = '198.51.100.7') =>
  app.request<{ code?: string; message?: string }>('POST', '/api/tips/guest/order', {
    body: { ...(body as object), ageConfirmed: true },
    headers: { 'x-forwarded-for': ip },
  });

describe('guest checkout limits (finding 5)', () => {
  it('refuses an amount beyond exact integers and above the maximum; the maximum itself is accepted', async () => {
    const creator = await buildCreator(db, app.deps.config);
    const huge = await guestOrder({ amount: 1e15, creator: creator.handle });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe('Maximum amount is ₹1,00,000.');
    const over = await guestOrder({ amount: 50_000.01, creator: creator.handle });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Maximum amount is ₹50,000.');
    const atMax = await guestOrder({ amount: 50_000, creator: creator.handle });
    expect(atMax.status).toBe(200);
    const user = await buildUser(db, app.deps.config);
    const topUp = await app.request('POST', '/api/wallet/add-money', {
      token: user.token,
      body: { amount: 1e15 },
    });
    expect(topUp.status).toBe(400);
    expect(await db('payment_orders').where('amount_paise', '>', 5_000_000).count()).toEqual([{ count: 0 }]);
  });

  it('limits guest orders per creator across addresses', async () => {
    const creator = await buildCreator(db, app.deps.config);
    const other = await buildCreator(db, app.deps.config);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await guestOrder({ amount: 10, creator: creator.handle }, `203.0.113.${i + 1}`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect((await guestOrder({ amount: 10, creator: other.handle }, '203.0.113.50')).status).toBe(200);
  });

  it('limits guest orders per address across creators', async () => {
    const creators = await Promise.all([1, 2, 3, 4].map(() => buildCreator(db, app.deps.config)));
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const creator = creators[i % 4]!;
      statuses.push((await guestOrder({ amount: 10, creator: creator.handle }, '192.0.2.77')).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect((await guestOrder({ amount: 10, creator: creators[3]!.handle }, '192.0.2.78')).status).toBe(200);
  });

  it("counts the default creator's guest orders in one bucket, however the creator is named", async () => {
    await buildCreator(db, app.deps.config, { handle: 'default-star' });
    const named = [undefined, 'default-star', 'Default-Star', undefined, 'DEFAULT-STAR'];
    const statuses: number[] = [];
    for (const [i, creator] of named.entries()) {
      statuses.push((await guestOrder({ amount: 10, creator }, `203.0.113.${100 + i}`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
