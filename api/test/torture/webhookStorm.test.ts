/**
 * Webhook storm: many top-up orders paid while the Razorpay simulator delivers every event five times,
 * shuffled, delayed and in parallel (some payments fail first and are captured late), with forged webhooks
 * (tampered bodies, a wrong secret, no signature) posted straight at /api/webhooks/razorpay in between.
 * Every payment credits exactly once; every forgery is a 400 that changes nothing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../harness.ts';
import { buildUser, ledgerMismatches, type BuiltUser } from '../factories.ts';
import { hmacHex } from '../../src/payments/gateway.ts';

const app = await createTestApp();
const sim = app.payments.simulator;
if (!sim) throw new Error('the test app must run over the Razorpay simulator');
const { db, config } = app.deps;
afterAll(() => sim.reset());

const ORDERS = 40;

const forgedBody = (orderId: string, amountPaise: number, paymentId: string) =>
  JSON.stringify({
    entity: 'event',
    account_id: 'acc_forger',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          order_id: orderId,
          amount: amountPaise,
          currency: 'INR',
          status: 'captured',
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });

/** Four kinds of forgery for one order; each returns the response. */
async function forge(orderId: string, amountPaise: number, n: number) {
  const body = forgedBody(orderId, amountPaise, `pay_Forged${String(n).padStart(8, '0')}`);
  const secret = config.RAZORPAY_WEBHOOK_SECRET;
  const attempts: Array<{ rawBody: string; headers: Record<string, string> }> = [
    // Signed with the wrong secret.
    { rawBody: body, headers: { 'x-razorpay-signature': hmacHex('not-the-webhook-secret', body) } },
    // A genuine signature over a smaller amount, body tampered to a bigger one.
    {
      rawBody: body.replace(`"amount":${amountPaise}`, `"amount":${amountPaise * 10}`),
      headers: { 'x-razorpay-signature': hmacHex(secret, body) },
    },
    // No signature at all.
    { rawBody: body, headers: {} },
    // A signature of the right shape that is not the HMAC (one hex digit flipped).
    {
      rawBody: body,
      headers: {
        'x-razorpay-signature': hmacHex(secret, body).replace(/^./, (c) => (c === '0' ? '1' : '0')),
      },
    },
    // Garbage signature header and a non-JSON body.
    { rawBody: '{"event":', headers: { 'x-razorpay-signature': 'zz' } },
  ];
  return Promise.all(
    attempts.map((a, i) =>
      app.request<{ message: string; code: string }>('POST', '/api/webhooks/razorpay', {
        rawBody: a.rawBody,
        headers: { ...a.headers, 'x-razorpay-event-id': `evt_forged_${n}_${i}` },
      }),
    ),
  );
}

describe('webhook storm', () => {
  it('credits each of 40 payments exactly once under ×5 duplicates, reordering, delays and forgeries', async () => {
    sim.switches.duplicates = 5;
    sim.switches.reorder = true;
    sim.switches.parallel = true;
    sim.switches.delayMs = 30;
    sim.switches.sendAuthorized = true;
    sim.switches.lateCapture = true;
    sim.switches.lateCaptureAfterMs = 150;

    const users: BuiltUser[] = await Promise.all(Array.from({ length: ORDERS }, () => buildUser(db, config)));
    const amounts = users.map((_, i) => 100 * (i + 1) + (i % 7)); // distinct paise amounts
    const orders = await Promise.all(
      users.map(async (user, i) => {
        const res = await app.request<{ order: { id: string; amount: number } }>(
          'POST',
          '/api/wallet/add-money',
          {
            token: user.token,
            body: { amount: amounts[i]! / 100 },
          },
        );
        expect(res.status).toBe(200);
        return res.body.order;
      }),
    );

    // Pay everything (every fifth payment fails first and is captured late) while forgeries fly.
    const forged: Array<Promise<Awaited<ReturnType<typeof forge>>>> = [];
    for (const [i, order] of orders.entries()) {
      const result = sim.pay({ orderId: order.id, outcome: i % 5 === 0 ? 'failure' : 'success' });
      expect(result.status).toBe(200);
      forged.push(forge(order.id, amounts[i]!, i));
      if (i % 8 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    const forgedResponses = (await Promise.all(forged)).flat();
    await sim.idle();

    expect(forgedResponses).toHaveLength(ORDERS * 5);
    for (const res of forgedResponses) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
    expect(await db('webhook_events').where('id', 'like', 'evt_forged_%')).toHaveLength(0);
    expect(await db('wallet_transactions').where('reference', 'like', 'pay_Forged%')).toHaveLength(0);

    // Every genuine delivery was eventually acknowledged; 5 copies of each event went out.
    const acknowledged = new Map<string, boolean>();
    for (const d of sim.deliveries)
      acknowledged.set(d.id, (acknowledged.get(d.id) ?? false) || d.status === 200);
    expect([...acknowledged.values()].every(Boolean)).toBe(true);
    for (const order of orders) {
      const mine = sim.deliveries.filter((d) => d.orderId === order.id && d.event === 'payment.captured');
      expect(mine.length).toBeGreaterThanOrEqual(5);
    }

    for (const [i, user] of users.entries()) {
      const order = orders[i]!;
      const credits = await db('wallet_transactions')
        .where({ user_id: user.id })
        .select('type', 'kind', 'amount_paise');
      expect(credits).toEqual([{ type: 'credit', kind: 'top_up', amount_paise: expect.anything() }]);
      expect(Number(credits[0].amount_paise)).toBe(amounts[i]);
      const balance = await app.request<{ balancePaise: number }>('GET', '/api/wallet/balance', {
        token: user.token,
      });
      expect(balance.body.balancePaise).toBe(amounts[i]);
      const status = await app.request<{ status: string }>('GET', `/api/payments/orders/${order.id}`, {
        token: user.token,
      });
      expect(status.body.status).toBe('paid');
    }
    expect(await ledgerMismatches(db)).toEqual([]);
  }, 60_000);

  it('a genuine event replayed by an attacker with a fresh event id still credits nothing more', async () => {
    sim.reset();
    const user = await buildUser(db, config);
    const res = await app.request<{ order: { id: string } }>('POST', '/api/wallet/add-money', {
      token: user.token,
      body: { amount: 321 },
    });
    const paid = sim.pay({ orderId: res.body.order.id, outcome: 'success' });
    if (!('razorpay_payment_id' in paid.body)) throw new Error('payment failed');
    await sim.idle();
    const body = forgedBody(res.body.order.id, 32_100, paid.body.razorpay_payment_id);
    const signed = hmacHex(config.RAZORPAY_WEBHOOK_SECRET, body); // as if the secret leaked: still exactly once
    const replays = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.request('POST', '/api/webhooks/razorpay', {
          rawBody: body,
          headers: { 'x-razorpay-signature': signed, 'x-razorpay-event-id': `evt_replay_${i}` },
        }),
      ),
    );
    expect(replays.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await db('wallet_transactions').where({ user_id: user.id })).toHaveLength(1);
    expect(Number((await db('wallets').where({ user_id: user.id }).first()).balance_paise)).toBe(32_100);
    expect(await ledgerMismatches(db)).toEqual([]);
  });
});
