import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { rawBodyServer } from '../../test/webhookReceiver.ts';
import {
  SIM_KEY_ID as KEY_ID,
  SIM_KEY_SECRET as KEY_SECRET,
  SIM_WEBHOOK_SECRET as WEBHOOK_SECRET,
} from '../../test/razorpay.ts';
import { createRazorpayGateway, makeReceipt, type PaymentGateway } from './gateway.ts';
import { startRazorpaySimulator, type RazorpaySimulator, type WebhookEnvelope } from './simulator/index.ts';

interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  body: WebhookEnvelope;
}

let receiver: Server;
let receiverUrl = '';
let received: Received[] = [];
/** How many of the next webhook requests answer 500 before the receiver accepts again. */
let failNext = 0;
let sim: RazorpaySimulator;
let gateway: PaymentGateway;

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

beforeAll(async () => {
  receiver = rawBodyServer((raw, req, res) => {
    received.push({ headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')) as WebhookEnvelope });
    if (failNext > 0) {
      failNext--;
      res.writeHead(500).end();
    } else res.writeHead(200).end('ok');
  });
  receiverUrl = await listen(receiver);
  sim = await startRazorpaySimulator({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: () => `${receiverUrl}/api/webhooks/razorpay`,
  });
  gateway = createRazorpayGateway({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    timeoutMs: 3000,
    hostUrl: sim.apiBaseUrl,
  });
});

afterAll(async () => {
  await sim.stop();
  await new Promise((r) => receiver.close(r));
});

beforeEach(() => {
  sim.reset();
  received = [];
  failNext = 0;
});

async function payViaSandbox(
  orderId: string,
  outcome: 'success' | 'failure',
  method: 'upi' | 'card' = 'upi',
) {
  const res = await fetch(`${sim.apiBaseUrl}/sandbox/payments`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ orderId, outcome, method }),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & {
      error?: { description: string; metadata: Record<string, string> };
    },
  };
}

async function newOrder(amountPaise = 25_000) {
  return gateway.createOrder({
    amountPaise,
    receipt: makeReceipt('topup'),
    notes: { purpose: 'wallet_topup', payer: 'user_1', creator: '' },
  });
}

const eventsFor = (orderId: string) =>
  received.filter((r) => r.body.payload.payment.entity.order_id === orderId);

describe('gateway against the Razorpay simulator (real SDK)', () => {
  it('creates an order with Razorpay shapes and fetches it back', async () => {
    const receipt = makeReceipt('topup');
    const order = await gateway.createOrder({
      amountPaise: 25_000,
      receipt,
      notes: { purpose: 'wallet_topup', payer: 'user_42' },
    });
    expect(order).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amount: 25_000,
      currency: 'INR',
      status: 'created',
    });

    const fetched = await gateway.fetchOrder(order.id);
    expect(fetched).toMatchObject({
      id: order.id,
      entity: 'order',
      amount: 25_000,
      amount_paid: 0,
      amount_due: 25_000,
      currency: 'INR',
      receipt,
      status: 'created',
      attempts: 0,
      notes: { purpose: 'wallet_topup', payer: 'user_42' },
    });
    expect(Math.abs(fetched.created_at - Date.now() / 1000)).toBeLessThan(5);
    expect(await gateway.fetchOrderPayments(order.id)).toEqual([]);
  });

  it('makes unique receipts of at most 40 characters', () => {
    const receipts = new Set(
      Array.from({ length: 1000 }, () => makeReceipt('a-very-long-prefix-that-is-cut')),
    );
    expect(receipts.size).toBe(1000);
    for (const r of receipts) expect(r.length).toBeLessThanOrEqual(40);
  });

  it('refuses an amount below ₹1 with Razorpay’s own description', async () => {
    const err = await newOrder(99).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      message: 'Order amount less than minimum amount allowed',
      field: 'amount',
    });
    await expect(newOrder(100)).resolves.toMatchObject({ amount: 100 });
  });

  it('answers the documented error bodies on the wire', async () => {
    const auth = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;
    const post = (body: unknown, authorization = auth) =>
      fetch(`${sim.apiBaseUrl}/v1/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: authorization },
        body: JSON.stringify(body),
      });

    const small = await post({ amount: 50, currency: 'INR' });
    expect(small.status).toBe(400);
    expect(await small.json()).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Order amount less than minimum amount allowed',
        field: 'amount',
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
      },
    });
    const longReceipt = await post({ amount: 500, currency: 'INR', receipt: 'r'.repeat(41) });
    expect(longReceipt.status).toBe(400);
    expect(await longReceipt.json()).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR', field: 'receipt' },
    });
    const wrong = await post({ amount: 500 }, `Basic ${Buffer.from(`${KEY_ID}:nope`).toString('base64')}`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
    });
    const missing = await fetch(`${sim.apiBaseUrl}/v1/orders/order_DoesNotExist01`, {
      headers: { Authorization: auth },
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
    });
  });

  it('rejects a receipt over 40 characters before calling Razorpay', async () => {
    await expect(
      gateway.createOrder({ amountPaise: 500, receipt: 'x'.repeat(41), notes: {} }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'receipt' });
  });

  it('turns wrong credentials into an upstream failure', async () => {
    const bad = createRazorpayGateway({
      keyId: KEY_ID,
      keySecret: 'wrong-secret',
      webhookSecret: WEBHOOK_SECRET,
      timeoutMs: 3000,
      hostUrl: sim.apiBaseUrl,
    });
    const err = await bad
      .createOrder({ amountPaise: 500, receipt: makeReceipt('t'), notes: {} })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'UPSTREAM_FAILED', status: 502 });
    expect((err as AppError).message).toContain('Authentication failed');
  });

  it('reports an unknown order with Razorpay’s description', async () => {
    await expect(gateway.fetchOrder('order_DoesNotExist01')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The id provided does not exist',
    });
  });

  it('gives up after timeoutMs when Razorpay does not answer', async () => {
    const silent = createServer(() => {
      /* never answers */
    });
    const url = await listen(silent);
    try {
      const slow = createRazorpayGateway({
        keyId: KEY_ID,
        keySecret: KEY_SECRET,
        webhookSecret: WEBHOOK_SECRET,
        timeoutMs: 300,
        hostUrl: url,
      });
      const started = Date.now();
      await expect(slow.fetchOrder('order_AnyOrderIdAbc1')).rejects.toMatchObject({
        code: 'UPSTREAM_FAILED',
      });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      silent.closeAllConnections();
      await new Promise((r) => silent.close(r));
    }
  });

  it('checks the checkout handler signature in constant time', async () => {
    const order = await newOrder();
    const paid = await payViaSandbox(order.id, 'success');
    expect(paid.status).toBe(200);
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = paid.body as Record<
      string,
      string
    >;
    expect(razorpay_order_id).toBe(order.id);
    expect(razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(gateway.verifyPaymentSignature(order.id, razorpay_payment_id!, razorpay_signature)).toBe(true);
    expect(gateway.verifyPaymentSignature(order.id, 'pay_SomebodyElse123', razorpay_signature)).toBe(false);
    expect(gateway.verifyPaymentSignature(order.id, razorpay_payment_id!, undefined)).toBe(false);
    expect(gateway.verifyPaymentSignature(order.id, razorpay_payment_id!, 'abc')).toBe(false);
    await sim.idle();
  });
});

describe('simulated payments and webhooks', () => {
  it('a successful payment sends payment.captured and order.paid, signed like Razorpay', async () => {
    const order = await newOrder(25_000);
    const paid = await payViaSandbox(order.id, 'success', 'card');
    await sim.idle();

    const events = eventsFor(order.id);
    expect(events.map((e) => e.body.event)).toEqual(['payment.captured', 'order.paid']);
    const [captured, orderPaid] = events as [Received, Received];
    for (const e of events) {
      expect(e.headers['content-type']).toBe('application/json');
      expect(e.headers['x-razorpay-event-id']).toMatch(/^evt_[A-Za-z0-9]{14}$/);
      expect(gateway.verifyWebhookSignature(e.raw, e.headers['x-razorpay-signature'] as string)).toBe(true);
      expect(
        gateway.verifyWebhookSignature(e.raw.toString('utf8'), e.headers['x-razorpay-signature'] as string),
      ).toBe(true);
      expect(e.body).toMatchObject({
        entity: 'event',
        account_id: expect.stringMatching(/^acc_/),
        created_at: expect.any(Number),
      });
    }
    expect(captured.headers['x-razorpay-event-id']).not.toBe(orderPaid.headers['x-razorpay-event-id']);

    // Tampered body or missing header: refused.
    const tampered = Buffer.from(captured.raw.toString('utf8').replace('"amount":25000', '"amount":2500000'));
    expect(tampered.equals(captured.raw)).toBe(false);
    expect(gateway.verifyWebhookSignature(tampered, captured.headers['x-razorpay-signature'] as string)).toBe(
      false,
    );
    expect(gateway.verifyWebhookSignature(captured.raw, undefined)).toBe(false);
    const otherSecret = createRazorpayGateway({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: 'other',
      timeoutMs: 1000,
      hostUrl: sim.apiBaseUrl,
    });
    expect(
      otherSecret.verifyWebhookSignature(captured.raw, captured.headers['x-razorpay-signature'] as string),
    ).toBe(false);

    expect(captured.body.contains).toEqual(['payment']);
    expect(captured.body.payload.payment.entity).toMatchObject({
      id: paid.body.razorpay_payment_id,
      entity: 'payment',
      amount: 25_000,
      currency: 'INR',
      status: 'captured',
      order_id: order.id,
      method: 'card',
      captured: true,
      error_code: null,
      error_description: null,
    });
    expect(orderPaid.body.contains).toEqual(['payment', 'order']);
    expect(orderPaid.body.payload.order?.entity).toMatchObject({
      id: order.id,
      entity: 'order',
      status: 'paid',
      amount_paid: 25_000,
      amount_due: 0,
      attempts: 1,
    });

    expect(await gateway.fetchOrder(order.id)).toMatchObject({
      status: 'paid',
      amount_paid: 25_000,
      amount_due: 0,
    });
    const payments = await gateway.fetchOrderPayments(order.id);
    expect(payments).toEqual([
      expect.objectContaining({
        id: paid.body.razorpay_payment_id,
        order_id: order.id,
        amount: 25_000,
        currency: 'INR',
        status: 'captured',
        error_description: null,
      }),
    ]);
    expect(
      sim.deliveries.filter((d) => d.orderId === order.id).every((d) => d.status === 200 && d.attempt === 1),
    ).toBe(true);
  });

  it('a failed payment sends payment.failed and the order shows the attempt', async () => {
    const order = await newOrder(9_900);
    const failed = await payViaSandbox(order.id, 'failure', 'upi');
    expect(failed.status).toBe(200);
    expect(failed.body.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment failed because the UPI app declined the request',
      source: 'customer',
      step: 'payment_authentication',
      reason: expect.any(String),
      metadata: { order_id: order.id, payment_id: expect.stringMatching(/^pay_/) },
    });
    await sim.idle();

    const events = eventsFor(order.id);
    expect(events.map((e) => e.body.event)).toEqual(['payment.failed']);
    expect(events[0]?.body.payload.payment.entity).toMatchObject({
      status: 'failed',
      captured: false,
      method: 'upi',
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Payment failed because the UPI app declined the request',
    });
    expect(
      gateway.verifyWebhookSignature(events[0]!.raw, events[0]!.headers['x-razorpay-signature'] as string),
    ).toBe(true);

    expect(await gateway.fetchOrder(order.id)).toMatchObject({
      status: 'attempted',
      amount_paid: 0,
      attempts: 1,
    });
    expect(await gateway.fetchOrderPayments(order.id)).toEqual([
      expect.objectContaining({
        status: 'failed',
        error_description: 'Payment failed because the UPI app declined the request',
      }),
    ]);
  });

  it('duplicates=3 delivers every event three times with the same event id and body', async () => {
    sim.switches.duplicates = 3;
    sim.switches.reorder = true;
    const order = await newOrder();
    await payViaSandbox(order.id, 'success');
    await sim.idle();

    const events = eventsFor(order.id);
    expect(events).toHaveLength(6);
    for (const name of ['payment.captured', 'order.paid']) {
      const copies = events.filter((e) => e.body.event === name);
      expect(copies).toHaveLength(3);
      expect(new Set(copies.map((c) => c.headers['x-razorpay-event-id'])).size).toBe(1);
      expect(new Set(copies.map((c) => c.raw.toString('utf8'))).size).toBe(1);
      expect(
        copies.every((c) =>
          gateway.verifyWebhookSignature(c.raw, c.headers['x-razorpay-signature'] as string),
        ),
      ).toBe(true);
    }
  });

  it('lateCapture: payment.failed first, then payment.captured and order.paid for the same payment', async () => {
    sim.switches.lateCapture = true;
    sim.switches.lateCaptureAfterMs = 20;
    const order = await newOrder(5_000);
    const failed = await payViaSandbox(order.id, 'failure');
    await sim.idle();

    const events = eventsFor(order.id);
    expect(events.map((e) => e.body.event)).toEqual(['payment.failed', 'payment.captured', 'order.paid']);
    const paymentIds = new Set(events.map((e) => e.body.payload.payment.entity.id));
    expect([...paymentIds]).toEqual([failed.body.error?.metadata.payment_id]);
    expect(events[1]?.body.payload.payment.entity).toMatchObject({
      status: 'captured',
      captured: true,
      error_description: null,
    });
    expect(await gateway.fetchOrderPayments(order.id)).toEqual([
      expect.objectContaining({ status: 'captured' }),
    ]);
    expect(await gateway.fetchOrder(order.id)).toMatchObject({ status: 'paid', amount_paid: 5_000 });
  });

  it('sim.capture turns a failed payment into a capture later', async () => {
    const order = await newOrder(1_000);
    const failed = await payViaSandbox(order.id, 'failure', 'card');
    await sim.idle();
    expect((await gateway.fetchOrderPayments(order.id))[0]).toMatchObject({
      status: 'failed',
      error_description: 'Payment failed because the card was declined by the issuing bank',
    });

    sim.capture(failed.body.error!.metadata.payment_id!);
    await sim.idle();
    expect(eventsFor(order.id).map((e) => e.body.event)).toEqual([
      'payment.failed',
      'payment.captured',
      'order.paid',
    ]);
    expect((await gateway.fetchOrderPayments(order.id))[0]).toMatchObject({ status: 'captured' });
  });

  it('retries a non-2xx answer with the same event id', async () => {
    failNext = 2;
    sim.switches.retryBackoffMs = 5;
    const order = await newOrder();
    await payViaSandbox(order.id, 'failure');
    await sim.idle();
    const log = sim.deliveries.filter((d) => d.orderId === order.id);
    expect(log.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    expect(new Set(log.map((d) => d.id)).size).toBe(1);
    expect(eventsFor(order.id)).toHaveLength(3);
  });

  it('switches over HTTP on the simulator port, including a delay', async () => {
    const res = await fetch(`${sim.apiBaseUrl}/sandbox/switches`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ delayMs: 150, duplicates: 2 }),
    });
    expect(await res.json()).toMatchObject({ delayMs: 150, duplicates: 2, reorder: false });
    const order = await newOrder();
    await payViaSandbox(order.id, 'failure');
    await new Promise((r) => setTimeout(r, 50));
    expect(eventsFor(order.id)).toHaveLength(0);
    await sim.idle();
    expect(eventsFor(order.id).map((e) => e.body.event)).toEqual(['payment.failed', 'payment.failed']);
  });

  it('refuses to pay an unknown or already-paid order', async () => {
    expect((await payViaSandbox('order_DoesNotExist01', 'success')).status).toBe(400);
    const order = await newOrder();
    await payViaSandbox(order.id, 'success');
    const again = await payViaSandbox(order.id, 'success');
    expect(again.status).toBe(400);
    await sim.idle();
    expect(await gateway.fetchOrderPayments(order.id)).toHaveLength(1);
  });
});
