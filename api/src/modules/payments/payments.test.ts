import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shabaash/shared';
import { buildCreator, buildUser, ledgerMismatches } from '../../../test/factories.ts';
import { freePort } from '../../ports.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { reconcileUnpaidOrders, startReconcileLoop } from '../../jobs/reconcile.ts';
import { creatorSpace, walletSpace } from '../sync/spaces.ts';

const ctx = await createPaymentsTestApp();
const { app, sim, bus } = ctx;
const db = app.deps.db;
const config = app.deps.config;

interface OrderBody {
  order: { id: string; amount: number; currency: string };
}

async function topUpOrder(token: string, amount: number): Promise<OrderBody['order']> {
  const res = await app.request<OrderBody>('POST', '/api/wallet/add-money', { token, body: { amount } });
  expect(res.status).toBe(200);
  return res.body.order;
}

function pay(orderId: string, outcome: 'success' | 'failure') {
  const result = sim.pay({ orderId, outcome });
  expect(result.status).toBe(200);
  const body = result.body;
  if (!('payment' in body)) throw new Error('no payment in pay result');
  return body.payment;
}

/** POSTs a webhook event signed with the webhook secret, as Razorpay delivers it. */
function deliverSigned(event: Record<string, unknown>, eventId: string) {
  const body = JSON.stringify(event);
  return app.request<{ outcome: string }>('POST', '/api/webhooks/razorpay', {
    rawBody: body,
    headers: { 'x-razorpay-signature': ctx.sign(body), 'x-razorpay-event-id': eventId },
  });
}

const balancePaise = async (userId: string) =>
  Number(
    (await db('wallets').where({ user_id: userId }).first<{ balance_paise: number }>('balance_paise'))
      .balance_paise,
  );

const topUpRows = (userId: string) =>
  db('wallet_transactions').where({ user_id: userId, kind: 'top_up' }).select('*');

const orderStatus = (orderId: string, token?: string) =>
  app.request<{ id: string; status: string; amount: number; failureReason: string | null }>(
    'GET',
    `/api/payments/orders/${orderId}`,
    token ? { token } : {},
  );

async function expectLedgerConsistent() {
  expect(await ledgerMismatches(db)).toEqual([]);
}

describe('top-up webhooks (real SDK → simulator → signed webhooks)', () => {
  it('credits once when payment.captured and order.paid each arrive three times, shuffled', async () => {
    const user = await buildUser(db, config);
    const order = await topUpOrder(user.token, 250);
    expect(order).toMatchObject({ amount: 25_000, currency: 'INR' });
    expect(order.id).toMatch(/^order_/);

    sim.switches.duplicates = 3;
    sim.switches.reorder = true;
    try {
      const payment = pay(order.id, 'success');
      await sim.idle();
      const mine = sim.deliveries.filter((d) => d.orderId === order.id);
      expect(mine).toHaveLength(6);
      expect(mine.every((d) => d.status === 200)).toBe(true);

      expect(await balancePaise(user.id)).toBe(25_000);
      const rows = await topUpRows(user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        type: 'credit',
        amount_paise: 25_000,
        description: 'Wallet top-up',
        reference: payment.id,
      });

      const inbox = await db('webhook_events').where({ order_id: order.id }).select('event', 'outcome');
      expect(inbox.map((r) => r.event).sort()).toEqual(['order.paid', 'payment.captured']);
      expect(inbox.map((r) => r.outcome).sort()).toEqual(['credited', 'duplicate']);
      expect(bus.changedSpaces.filter((s) => s === walletSpace(user.id))).toHaveLength(1);
    } finally {
      sim.reset();
    }

    const status = await orderStatus(order.id, user.token);
    expect(status.body).toMatchObject({ id: order.id, status: 'paid', amount: 25_000, failureReason: null });
    const balance = await app.request<{ balance: number }>('GET', '/api/wallet/balance', {
      token: user.token,
    });
    expect(balance.body).toEqual({ balance: 250, balancePaise: 25_000 });
    const txs = await app.request<{
      transactions: Array<{ type: string; amount: number; description: string }>;
    }>('GET', '/api/wallet/transactions', { token: user.token });
    expect(txs.body.transactions[0]).toMatchObject({
      type: 'credit',
      amount: 250,
      description: 'Wallet top-up',
    });
    await expectLedgerConsistent();
  });

  it('refuses a forged or missing signature and changes nothing', async () => {
    const user = await buildUser(db, config);
    const order = await topUpOrder(user.token, 100);
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: 'pay_Forged00000001',
            order_id: order.id,
            amount: 10_000,
            currency: 'INR',
            status: 'captured',
          },
        },
      },
    });
    const forged = await app.request<{ code: string }>('POST', '/api/webhooks/razorpay', {
      rawBody: body,
      headers: {
        'x-razorpay-signature': ctx.sign(body).replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
        'x-razorpay-event-id': 'evt_forged1',
      },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('VALIDATION_FAILED');
    const missing = await app.request('POST', '/api/webhooks/razorpay', {
      rawBody: body,
      headers: { 'x-razorpay-event-id': 'evt_forged2' },
    });
    expect(missing.status).toBe(400);
    // The right signature over a different body (re-serialised with a space) is refused too: raw bytes count.
    const reformatted = await app.request('POST', '/api/webhooks/razorpay', {
      rawBody: body.replace('"event":', '"event": '),
      headers: { 'x-razorpay-signature': ctx.sign(body), 'x-razorpay-event-id': 'evt_forged3' },
    });
    expect(reformatted.status).toBe(400);

    expect(await topUpRows(user.id)).toHaveLength(0);
    expect(await balancePaise(user.id)).toBe(0);
    expect(
      await db('webhook_events').whereIn('id', ['evt_forged1', 'evt_forged2', 'evt_forged3']),
    ).toHaveLength(0);
    expect((await orderStatus(order.id, user.token)).body.status).toBe('created');
  });

  it('a failed payment credits nothing and shows failed; its late capture then credits exactly once', async () => {
    const user = await buildUser(db, config);
    const order = await topUpOrder(user.token, 75.5);
    const payment = pay(order.id, 'failure');
    await sim.idle();
    const failed = await orderStatus(order.id, user.token);
    expect(failed.body).toMatchObject({ status: 'failed', amount: 7_550 });
    expect(failed.body.failureReason).toBe(payment.error_description);
    expect(failed.body.failureReason).toMatch(/declined/);
    expect(await balancePaise(user.id)).toBe(0);

    sim.switches.duplicates = 2;
    try {
      sim.capture(payment.id); // UPI late authorisation
      await sim.idle();
    } finally {
      sim.reset();
    }
    expect(await balancePaise(user.id)).toBe(7_550);
    expect(await topUpRows(user.id)).toHaveLength(1);
    expect((await orderStatus(order.id, user.token)).body).toMatchObject({
      status: 'paid',
      failureReason: null,
    });

    // A payment.failed redelivered after the capture does not undo it.
    const res = await deliverSigned(
      {
        entity: 'event',
        event: 'payment.failed',
        payload: { payment: { entity: { ...payment, status: 'failed' } } },
      },
      `evt_late_${payment.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('ignored_paid');
    expect((await orderStatus(order.id, user.token)).body.status).toBe('paid');
    await expectLedgerConsistent();
  });

  it('credits all of 50 concurrent top-ups for different orders', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => buildUser(db, config)));
    const orders = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const user = users[i % users.length]!;
        return { user, amount: 10 + i, order: await topUpOrder(user.token, 10 + i) };
      }),
    );
    sim.switches.parallel = true;
    try {
      for (const { order } of orders) pay(order.id, 'success');
      await sim.idle();
    } finally {
      sim.reset();
    }
    for (const user of users) {
      const expected = orders
        .filter((o) => o.user.id === user.id)
        .reduce((sum, o) => sum + o.amount * 100, 0);
      expect(await balancePaise(user.id)).toBe(expected);
      expect(await topUpRows(user.id)).toHaveLength(5);
    }
    const statuses = await db('payment_orders')
      .whereIn(
        'id',
        orders.map((o) => o.order.id),
      )
      .pluck('status');
    expect(statuses.filter((s) => s === 'paid')).toHaveLength(50);
    await expectLedgerConsistent();
  });

  it('refuses a payment whose amount does not match its order, and acknowledges unknown events', async () => {
    const user = await buildUser(db, config);
    const order = await topUpOrder(user.token, 500);
    const mismatched = {
      id: 'pay_Mismatch000001',
      order_id: order.id,
      amount: 100,
      currency: 'INR',
      status: 'captured',
    };
    const res = await deliverSigned(
      { entity: 'event', event: 'payment.captured', payload: { payment: { entity: mismatched } } },
      'evt_mismatch_1',
    );
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('mismatch');
    expect(await balancePaise(user.id)).toBe(0);
    expect((await orderStatus(order.id, user.token)).body.status).toBe('created');
    expect((await db('webhook_events').where({ id: 'evt_mismatch_1' }).first()).outcome).toBe('mismatch');

    const ignored = await deliverSigned(
      { entity: 'event', event: 'invoice.paid', payload: {} },
      'evt_invoice_1',
    );
    expect(ignored.status).toBe(200);
    expect(ignored.body.outcome).toBe('ignored');
  });

  it('shows a top-up order only to its owner', async () => {
    const owner = await buildUser(db, config);
    const stranger = await buildUser(db, config);
    const order = await topUpOrder(owner.token, 10);
    expect((await orderStatus(order.id)).status).toBe(401);
    expect((await orderStatus(order.id, stranger.token)).status).toBe(404);
    expect((await orderStatus('order_DoesNotExist01', owner.token)).status).toBe(404);
  });
});

describe('guest checkout', () => {
  it('validates with the spec messages', async () => {
    const creator = await buildCreator(db, config);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: 0, name: 'A', message: 'hi' }, MESSAGES.invalidAmount],
      [{ amount: 'abc', name: 'A', message: 'hi' }, MESSAGES.invalidAmount],
      [{ amount: 10, name: 'n'.repeat(81), message: 'hi' }, 'Name must be 80 characters or fewer.'],
      [{ amount: 10, name: 'A', message: 'm'.repeat(281) }, 'Message must be 280 characters or fewer.'],
    ];
    for (const [body, message] of cases) {
      const res = await app.request<{ message: string; code: string }>('POST', '/api/tips/guest/order', {
        body: { ageConfirmed: true, ...body, creator: creator.handle },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    }
    // Exactly at the limits, after trimming, is fine.
    const ok = await app.request<OrderBody>('POST', '/api/tips/guest/order', {
      body: {
        ageConfirmed: true,
        amount: 1,
        name: `  ${'n'.repeat(80)}  `,
        message: ` ${'m'.repeat(280)} `,
        creator: creator.handle,
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.order.amount).toBe(100);

    const unknown = await app.request<{ message: string }>('POST', '/api/tips/guest/order', {
      body: { ageConfirmed: true, amount: 10, name: 'A', message: '', creator: 'no-such-creator' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MESSAGES.creatorNotFound);

    // Below the creator's minimum (default ₹1, Razorpay's floor): refused before any order exists.
    const ordersOf = () =>
      app.deps.db('payment_orders').where({ creator_id: creator.id }).count<{ n: number }[]>('* as n');
    const ordersBefore = await ordersOf();
    const tooSmall = await app.request<{ message: string }>('POST', '/api/tips/guest/order', {
      body: { ageConfirmed: true, amount: 0.5, name: 'A', message: '', creator: creator.handle },
    });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.message).toBe('The minimum superchat for this creator is ₹1.00.');
    expect(await ordersOf()).toEqual(ordersBefore);
  });

  it('a paid guest order creates one unread tip with the guest name and fee, and tells the creator room', async () => {
    const creator = await buildCreator(db, config, { lifetimeGrossPaise: 25_000_00 }); // Pro tier: 2.9%
    const res = await app.request<OrderBody>('POST', '/api/tips/guest/order', {
      body: {
        ageConfirmed: true,
        amount: 99,
        name: '  Asha  ',
        message: '  Great stream!  ',
        creator: creator.handle,
      },
    });
    expect(res.status).toBe(200);
    const orderId = res.body.order.id;
    expect(res.body.order).toMatchObject({ amount: 9_900, currency: 'INR' });
    expect(sim.orders.get(orderId)?.notes).toMatchObject({ purpose: 'guest_tip', creator: creator.handle });

    sim.switches.duplicates = 3;
    sim.switches.reorder = true;
    let paymentId: string;
    try {
      paymentId = pay(orderId, 'success').id;
      await sim.idle();
    } finally {
      sim.reset();
    }
    const tips = await db('tips').where({ creator_id: creator.id }).select('*');
    expect(tips).toHaveLength(1);
    expect(tips[0]).toMatchObject({
      source: 'guest',
      status: 'unread',
      guest_name: 'Asha',
      message: 'Great stream!',
      amount_paise: 9_900,
      fee_paise: 287, // 2.9% of ₹99 = ₹2.871 → ₹2.87
      payment_id: paymentId,
      order_id: orderId,
      sender_id: null,
    });
    expect(bus.changedSpaces.filter((s) => s === creatorSpace(creator.id))).toHaveLength(1);
    expect((await orderStatus(orderId)).body).toMatchObject({ status: 'paid', amount: 9_900 });
  });

  it('goes to the default creator when none is named', async () => {
    const res = await app.request<OrderBody>('POST', '/api/tips/guest/order', {
      body: { ageConfirmed: true, amount: 5, name: '', message: '' },
    });
    expect(res.status).toBe(200);
    const row = await db('payment_orders').where({ id: res.body.order.id }).first();
    const oldest = await db('creators')
      .orderBy([{ column: 'created_at' }, { column: 'handle' }])
      .first();
    expect(row.creator_id).toBe(oldest.user_id);
    expect(row.purpose).toBe('guest_tip');
  });
});

describe('reconciliation', () => {
  it('credits an order whose webhooks were all lost, once, through the webhook code path', async () => {
    const user = await buildUser(db, config);
    const order = await topUpOrder(user.token, 120);
    ctx.setWebhookUrl(`http://127.0.0.1:${await freePort()}/api/webhooks/razorpay`);
    sim.switches.maxAttempts = 1;
    let paymentId: string;
    try {
      paymentId = pay(order.id, 'success').id;
      await sim.idle();
    } finally {
      ctx.setWebhookUrl(ctx.webhookUrl);
      sim.reset();
    }
    expect(await balancePaise(user.id)).toBe(0);

    // Not yet 15 minutes old: the default threshold leaves it alone.
    const early = await reconcileUnpaidOrders(app.deps);
    expect(early.outcomes.credited ?? 0).toBe(0);
    expect(await balancePaise(user.id)).toBe(0);

    const summary = await reconcileUnpaidOrders(app.deps, { olderThanMs: 0 });
    expect(summary.outcomes.credited).toBe(1);
    expect(await balancePaise(user.id)).toBe(12_000);
    expect((await topUpRows(user.id))[0]).toMatchObject({ reference: paymentId });
    expect(bus.changedSpaces).toContain(walletSpace(user.id));

    await reconcileUnpaidOrders(app.deps, { olderThanMs: 0 });
    expect(await topUpRows(user.id)).toHaveLength(1);
    // A webhook that finally arrives after reconciliation finds the order paid and changes nothing.
    const res = await deliverSigned(
      {
        entity: 'event',
        event: 'payment.captured',
        payload: { payment: { entity: sim.payments.get(paymentId) } },
      },
      `evt_after_${paymentId}`,
    );
    expect(res.body.outcome).toBe('duplicate');
    expect(await balancePaise(user.id)).toBe(12_000);
    await expectLedgerConsistent();
  });

  it('the loop runs under the advisory lock and stops cleanly', async () => {
    const user = await buildUser(db, config);
    const order = await topUpOrder(user.token, 30);
    ctx.setWebhookUrl(`http://127.0.0.1:${await freePort()}/api/webhooks/razorpay`);
    sim.switches.maxAttempts = 1;
    try {
      pay(order.id, 'success');
      await sim.idle();
    } finally {
      ctx.setWebhookUrl(ctx.webhookUrl);
      sim.reset();
    }
    // Another instance holds the lock: our loop must not run.
    const holder = await db.client.acquireConnection();
    try {
      await holder.query('select pg_advisory_lock(727101501)');
      const stopA = startReconcileLoop(app.deps, { everyMs: 20, olderThanMs: 0 });
      await new Promise((r) => setTimeout(r, 200));
      await stopA();
      expect(await balancePaise(user.id)).toBe(0);
      await holder.query('select pg_advisory_unlock(727101501)');
    } finally {
      await db.client.releaseConnection(holder);
    }
    const stopB = startReconcileLoop(app.deps, { everyMs: 20, olderThanMs: 0 });
    try {
      for (let i = 0; i < 100 && (await balancePaise(user.id)) === 0; i++)
        await new Promise((r) => setTimeout(r, 20));
    } finally {
      await stopB();
    }
    expect(await balancePaise(user.id)).toBe(3_000);
    await expectLedgerConsistent();
  });
});
