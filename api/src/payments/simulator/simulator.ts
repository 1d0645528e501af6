import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { timingSafeEqual } from 'node:crypto';
import { hmacHex } from '../gateway.ts';
import { CHECKOUT_SCRIPT } from './checkoutScript.ts';
import {
  AUTH_FAILED,
  FAILURES,
  badRequestError,
  razorpayId,
  unixNow,
  validateOrderInput,
  type PaymentMethod,
  type RazorpayErrorBody,
  type RazorpayNotes,
  type SimOrder,
  type SimPayment,
} from './entities.ts';
import {
  DEFAULT_ROUTE_SWITCHES,
  createRouteSimulator,
  type RouteEventName,
  type RouteSimulator,
  type RouteSwitches,
} from './route.ts';

export type WebhookEventName =
  'payment.authorized' | 'payment.captured' | 'payment.failed' | 'order.paid' | RouteEventName;

/** Test knobs; change them on `sim.switches` or with `POST /sandbox/switches` on the simulator's own port. */
export interface SimulatorSwitches extends RouteSwitches {
  /** Deliver every event this many times (same event id and body). */
  duplicates: number;
  /** Shuffle the events of one payment before delivering them. */
  reorder: boolean;
  /** Wait this long before delivering the events of one payment. */
  delayMs: number;
  /** A 'failure' outcome sends payment.failed, then captures the payment `lateCaptureAfterMs` later (UPI late authorisation). */
  lateCapture: boolean;
  lateCaptureAfterMs: number;
  /** Also send payment.authorized before payment.captured. */
  sendAuthorized: boolean;
  /** Deliver the events of one payment concurrently instead of one after another. */
  parallel: boolean;
  /** Delivery attempts per event copy on non-2xx or network error, and the first backoff (doubles each retry). */
  maxAttempts: number;
  retryBackoffMs: number;
}

export const DEFAULT_SWITCHES: SimulatorSwitches = {
  duplicates: 1,
  reorder: false,
  delayMs: 0,
  lateCapture: false,
  lateCaptureAfterMs: 100,
  sendAuthorized: false,
  parallel: false,
  maxAttempts: 4,
  retryBackoffMs: 50,
  ...DEFAULT_ROUTE_SWITCHES,
};

export interface WebhookDelivery {
  event: WebhookEventName;
  /** The `x-razorpay-event-id`; the same for every redelivery of one event. */
  id: string;
  paymentId: string;
  orderId: string;
  attempt: number;
  /** HTTP status of our webhook route, or 0 when it could not be reached. */
  status: number;
  at: number;
}

export interface WebhookEnvelope {
  entity: 'event';
  account_id: string;
  event: WebhookEventName;
  contains: Array<'payment' | 'order'>;
  payload: { payment: { entity: SimPayment }; order?: { entity: SimOrder } };
  created_at: number;
}

export interface PayInput {
  orderId: string;
  outcome: 'success' | 'failure';
  method?: PaymentMethod;
  key?: string;
  email?: string;
  contact?: string;
}

export type PayResult =
  | {
      status: 200;
      body: {
        razorpay_payment_id: string;
        razorpay_order_id: string;
        razorpay_signature: string;
        payment: SimPayment;
      };
    }
  | {
      status: 200;
      body: {
        error: RazorpayErrorBody['error'] & { metadata: { order_id: string; payment_id: string } };
        payment: SimPayment;
      };
    }
  | { status: 400 | 401; body: RazorpayErrorBody };

export interface RazorpaySimulatorOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Our webhook route, e.g. `http://127.0.0.1:8080/api/webhooks/razorpay`; read at each delivery. */
  webhookUrl: () => string;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

export interface RazorpaySimulator {
  /** The gateway's `hostUrl`: `http://127.0.0.1:PORT` (the SDK appends `/v1/...`). */
  apiBaseUrl: string;
  /** The simulator's loopback port (also serves `/sandbox/switches`, `/sandbox/payments`, `/sandbox/deliveries`). */
  port: number;
  switches: SimulatorSwitches;
  /** Every webhook delivery attempt, oldest first. */
  deliveries: WebhookDelivery[];
  orders: ReadonlyMap<string, SimOrder>;
  payments: ReadonlyMap<string, SimPayment>;
  /** Route: linked accounts, products, transfers; `refund`, `loseDispute` and `settleHeld` for tests. */
  route: RouteSimulator;
  /** Routes to mount on the PWA's origin: `GET /sandbox/checkout.js`, `POST /sandbox/payments`, `GET /sandbox/orders/:id`. */
  browserRouter(): Router;
  /** Makes one payment attempt against an order, as the checkout dialog does; webhooks follow asynchronously. */
  pay(input: PayInput): PayResult;
  /** Captures a failed or authorized payment later (UPI late authorisation) and sends payment.captured + order.paid. */
  capture(paymentId: string): SimPayment;
  /** Resolves when no webhook delivery (including scheduled late captures) is pending. */
  idle(): Promise<void>;
  /** Restores the default switches and forgets the delivery log. */
  reset(): void;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 100_000) throw new Error('body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : {};
}

/** POSTs a webhook with Node's own http client (not a DOM `fetch` that a test environment may install); resolves the status. */
function postWebhook(url: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        timeout: 5000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('webhook timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Parses the pay action's JSON; returns a Razorpay-style error body when it is malformed. */
function parsePayInput(body: unknown): PayInput | RazorpayErrorBody {
  if (!isRecord(body) || typeof body.orderId !== 'string' || !body.orderId) {
    return badRequestError('The order_id field is required.', 'order_id');
  }
  if (body.outcome !== 'success' && body.outcome !== 'failure') {
    return badRequestError('outcome must be "success" or "failure".', 'outcome');
  }
  if (body.method !== undefined && body.method !== 'upi' && body.method !== 'card') {
    return badRequestError('Invalid payment method', 'method');
  }
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return {
    orderId: body.orderId,
    outcome: body.outcome,
    method: body.method,
    key: str(body.key),
    email: str(body.email),
    contact: str(body.contact),
  };
}

/** Starts an in-process Razorpay look-alike on 127.0.0.1 (random port): Orders/Payments API, checkout script, signed webhooks. */
export async function startRazorpaySimulator(opts: RazorpaySimulatorOptions): Promise<RazorpaySimulator> {
  const log = opts.log ?? (() => {});
  const accountId = razorpayId('acc');
  const orders = new Map<string, SimOrder>();
  const payments = new Map<string, SimPayment>();
  const switches: SimulatorSwitches = { ...DEFAULT_SWITCHES };
  const deliveries: WebhookDelivery[] = [];
  const pending = new Set<Promise<void>>();
  let stopped = false;

  const track = (work: Promise<void>): Promise<void> => {
    const p = work.catch((err: unknown) =>
      log('razorpay simulator: delivery task failed', { err: String(err) }),
    );
    pending.add(p);
    void p.finally(() => pending.delete(p));
    return p;
  };

  // ---- Orders and Payments API (what the SDK calls) ----

  const expectedAuth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;
  const authorised = (req: IncomingMessage) => {
    const given = Buffer.from(req.headers.authorization ?? '', 'utf8');
    const expected = Buffer.from(expectedAuth, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  function createOrder(body: Record<string, unknown>): SimOrder {
    const amount = body.amount as number;
    const notes: RazorpayNotes =
      isRecord(body.notes) && Object.keys(body.notes).length > 0
        ? Object.fromEntries(Object.entries(body.notes).map(([k, v]) => [k, String(v)]))
        : [];
    const order: SimOrder = {
      id: razorpayId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: 'INR',
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes,
      created_at: unixNow(),
    };
    orders.set(order.id, order);
    return order;
  }

  const notFound = () => badRequestError('The id provided does not exist');

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (!authorised(req)) return send(res, 401, AUTH_FAILED);
    const method = req.method ?? 'GET';
    if (switches.apiLatencyMs > 0) await sleep(switches.apiLatencyMs);
    const requestBody = method === 'POST' || method === 'PATCH' ? await readJson(req) : undefined;
    const routed = route.handle(
      method,
      path.replace(/\/+$/, ''),
      requestBody,
      new URL(req.url ?? '/', 'http://127.0.0.1').searchParams,
    );
    if (routed) {
      if (switches.routeAnswerDelayMs > 0) await sleep(switches.routeAnswerDelayMs);
      return send(res, routed.status, routed.body);
    }
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/orders') {
      const body = requestBody;
      if (!isRecord(body)) return send(res, 400, badRequestError('The amount field is required.', 'amount'));
      const invalid = validateOrderInput(body);
      if (invalid) return send(res, 400, invalid);
      return send(res, 200, createOrder(body));
    }
    if (method === 'GET' && (m = /^\/v1\/orders\/([^/]+)\/payments\/?$/.exec(path))) {
      const order = orders.get(decodeURIComponent(m[1] ?? ''));
      if (!order) return send(res, 400, notFound());
      const items = [...payments.values()].filter((p) => p.order_id === order.id).reverse();
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    if (method === 'GET' && (m = /^\/v1\/orders\/([^/]+)\/?$/.exec(path))) {
      const order = orders.get(decodeURIComponent(m[1] ?? ''));
      return order ? send(res, 200, order) : send(res, 400, notFound());
    }
    if (method === 'GET' && (m = /^\/v1\/payments\/([^/]+)\/?$/.exec(path))) {
      const payment = payments.get(decodeURIComponent(m[1] ?? ''));
      return payment ? send(res, 200, payment) : send(res, 400, notFound());
    }
    return send(res, 404, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'The requested URL was not found on the server.',
        source: 'NA',
        step: 'NA',
        reason: 'NA',
        metadata: {},
      },
    });
  }

  // ---- Payments (what the checkout dialog does) ----

  function newPayment(order: SimOrder, input: PayInput, method: PaymentMethod): SimPayment {
    const id = razorpayId('pay');
    return {
      id,
      entity: 'payment',
      amount: order.amount_due,
      currency: 'INR',
      status: 'created',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: null,
      card_id: method === 'card' ? `card_${id.slice(4)}` : null,
      ...(method === 'card'
        ? {
            card: {
              id: `card_${id.slice(4)}`,
              entity: 'card' as const,
              name: '',
              last4: '1111',
              network: 'Visa',
              type: 'debit' as const,
              issuer: 'HDFC',
              international: false,
              emi: false,
            },
          }
        : {}),
      bank: null,
      wallet: null,
      vpa: method === 'upi' ? 'success@razorpay' : null,
      email: input.email ?? 'void@razorpay.com',
      contact: input.contact ?? '+919000090000',
      notes: [],
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: method === 'upi' ? { rrn: null, upi_transaction_id: null } : { auth_code: null },
      created_at: unixNow(),
    };
  }

  /** Marks a payment captured (2.36 % fee incl. 18 % GST, like Razorpay's standard plan) and the order paid. */
  function markCaptured(payment: SimPayment): SimOrder {
    const order = orders.get(payment.order_id);
    if (!order) throw new Error(`order ${payment.order_id} vanished`);
    const fee = Math.round(payment.amount * 0.0236);
    Object.assign(payment, {
      status: 'captured',
      captured: true,
      fee,
      tax: Math.round((fee * 18) / 118),
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data:
        payment.method === 'upi'
          ? { rrn: String(Date.now()).slice(-12), upi_transaction_id: null }
          : { auth_code: String(Date.now()).slice(-6) },
    } satisfies Partial<SimPayment>);
    order.amount_paid = order.amount;
    order.amount_due = 0;
    order.status = 'paid';
    return order;
  }

  function event(name: WebhookEventName, payment: SimPayment, order?: SimOrder) {
    const envelope: WebhookEnvelope = {
      entity: 'event',
      account_id: accountId,
      event: name,
      contains: order ? ['payment', 'order'] : ['payment'],
      payload: {
        payment: { entity: structuredClone(payment) },
        ...(order ? { order: { entity: structuredClone(order) } } : {}),
      },
      created_at: unixNow(),
    };
    return {
      id: razorpayId('evt'),
      name,
      body: JSON.stringify(envelope),
      paymentId: payment.id,
      orderId: payment.order_id,
    };
  }
  type PreparedEvent = ReturnType<typeof event>;

  async function deliverOnce(e: PreparedEvent): Promise<void> {
    const signature = hmacHex(opts.webhookSecret, Buffer.from(e.body, 'utf8'));
    for (let attempt = 1; attempt <= Math.max(1, switches.maxAttempts); attempt++) {
      if (stopped) return;
      let status = 0;
      try {
        status = await postWebhook(opts.webhookUrl(), e.body, {
          'Content-Type': 'application/json',
          'User-Agent': 'Razorpay-Webhook/v1',
          'X-Razorpay-Signature': signature,
          'x-razorpay-event-id': e.id,
        });
      } catch (err) {
        log('razorpay simulator: webhook not delivered', { event: e.name, id: e.id, err: String(err) });
      }
      deliveries.push({
        event: e.name,
        id: e.id,
        paymentId: e.paymentId,
        orderId: e.orderId,
        attempt,
        status,
        at: Date.now(),
      });
      if (status >= 200 && status < 300) return;
      if (attempt < switches.maxAttempts) await sleep(switches.retryBackoffMs * 2 ** (attempt - 1));
    }
  }

  /** Sends one payment's events through the switches: delay, duplicates, reorder, parallel. */
  function dispatch(events: PreparedEvent[]): Promise<void> {
    const copies = events.flatMap((e) =>
      Array.from({ length: Math.max(1, Math.floor(switches.duplicates)) }, () => e),
    );
    const ordered = switches.reorder ? shuffle(copies) : copies;
    const delayMs = switches.delayMs;
    const parallel = switches.parallel;
    return track(
      (async () => {
        if (delayMs > 0) await sleep(delayMs);
        if (parallel) await Promise.all(ordered.map(deliverOnce));
        else for (const e of ordered) await deliverOnce(e);
      })(),
    );
  }

  const route = createRouteSimulator({
    switches,
    payments,
    platformAccountId: accountId,
    emit(name: RouteEventName, linkedAccountId: string, payload: Record<string, { entity: unknown }>) {
      const envelope = {
        entity: 'event',
        account_id: linkedAccountId || accountId,
        event: name,
        contains: Object.keys(payload),
        payload,
        created_at: unixNow(),
      };
      const entity = (payload.payment ?? payload.transfer ?? payload.settlement)?.entity as
        { id?: string; order_id?: string } | undefined;
      void dispatch([
        {
          id: razorpayId('evt'),
          name,
          body: JSON.stringify(envelope),
          paymentId: entity?.id ?? '',
          orderId: entity?.order_id ?? '',
        },
      ]);
    },
    later(ms, work) {
      void track(sleep(ms).then(() => (stopped ? undefined : work())));
    },
  });

  function captureEvents(payment: SimPayment, order: SimOrder): PreparedEvent[] {
    const events: PreparedEvent[] = [];
    if (switches.sendAuthorized)
      events.push(event('payment.authorized', { ...payment, status: 'authorized', captured: false }));
    events.push(event('payment.captured', payment), event('order.paid', payment, order));
    return events;
  }

  function capture(paymentId: string): SimPayment {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    if (payment.status === 'captured') return payment;
    const order = orders.get(payment.order_id);
    if (order?.status === 'paid') throw new Error(`order ${payment.order_id} is already paid`);
    const paid = markCaptured(payment);
    log('razorpay simulator: payment captured', { paymentId, orderId: paid.id });
    void dispatch(captureEvents(payment, paid));
    return payment;
  }

  function pay(input: PayInput): PayResult {
    if (input.key !== undefined && input.key !== opts.keyId) return { status: 401, body: AUTH_FAILED };
    const order = orders.get(input.orderId);
    if (!order) return { status: 400, body: notFound() };
    if (order.status === 'paid')
      return { status: 400, body: badRequestError('Order has already been paid.', 'order_id') };
    const method = input.method ?? 'upi';
    const payment = newPayment(order, input, method);
    payments.set(payment.id, payment);
    order.attempts += 1;
    order.status = 'attempted';
    if (input.outcome === 'success') {
      markCaptured(payment);
      void dispatch(captureEvents(payment, order));
      return {
        status: 200,
        body: {
          razorpay_payment_id: payment.id,
          razorpay_order_id: order.id,
          razorpay_signature: hmacHex(opts.keySecret, `${order.id}|${payment.id}`),
          payment: structuredClone(payment),
        },
      };
    }
    const failure = FAILURES[method];
    Object.assign(payment, {
      status: 'failed',
      error_code: failure.code,
      error_description: failure.description,
      error_source: failure.source,
      error_step: failure.step,
      error_reason: failure.reason,
    } satisfies Partial<SimPayment>);
    const failedSnapshot = structuredClone(payment);
    const failedSent = dispatch([event('payment.failed', payment)]);
    if (switches.lateCapture) {
      const after = switches.lateCaptureAfterMs;
      void track(
        (async () => {
          // payment.failed goes out first; the bank's late confirmation arrives afterwards.
          await failedSent;
          await sleep(after);
          if (!stopped && payment.status === 'failed') capture(payment.id);
        })(),
      );
    }
    return {
      status: 200,
      body: {
        error: { ...failure, metadata: { order_id: order.id, payment_id: payment.id } },
        payment: failedSnapshot,
      },
    };
  }

  function payFromJson(body: unknown): PayResult {
    const input = parsePayInput(body);
    if ('error' in input) return { status: 400, body: input };
    return pay(input);
  }

  // ---- Loopback server ----

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const handle = async () => {
      if (path.startsWith('/v1/') || path.startsWith('/v2/')) return handleApi(req, res, path);
      if (req.method === 'POST' && path === '/sandbox/payments') {
        const result = payFromJson(await readJson(req));
        return send(res, result.status, result.body);
      }
      if (path === '/sandbox/switches') {
        if (req.method === 'POST') {
          const body = await readJson(req);
          if (isRecord(body)) {
            for (const key of Object.keys(DEFAULT_SWITCHES) as Array<keyof SimulatorSwitches>) {
              const value = body[key];
              if (value !== undefined && typeof value === typeof DEFAULT_SWITCHES[key])
                Object.assign(switches, { [key]: value });
            }
          }
        }
        return send(res, 200, switches);
      }
      let m: RegExpExecArray | null;
      if (req.method === 'POST' && (m = /^\/sandbox\/payments\/([^/]+)\/capture$/.exec(path))) {
        try {
          return send(res, 200, capture(decodeURIComponent(m[1] ?? '')));
        } catch (err) {
          return send(res, 400, badRequestError(err instanceof Error ? err.message : String(err)));
        }
      }
      if (req.method === 'GET' && path === '/sandbox/deliveries') return send(res, 200, deliveries);
      if (req.method === 'POST' && (m = /^\/sandbox\/payments\/([^/]+)\/refund$/.exec(path))) {
        const answer = route.refund(decodeURIComponent(m[1] ?? ''));
        return send(res, answer.status, answer.body);
      }
      if (req.method === 'POST' && (m = /^\/sandbox\/payments\/([^/]+)\/dispute-lost$/.exec(path))) {
        try {
          return send(res, 200, route.loseDispute(decodeURIComponent(m[1] ?? '')));
        } catch (err) {
          return send(res, 400, badRequestError(err instanceof Error ? err.message : String(err)));
        }
      }
      if (req.method === 'POST' && path === '/sandbox/settlements') {
        route.settleHeld();
        return send(res, 200, { settled: true });
      }
      return send(res, 404, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
      });
    };
    handle().catch((err: unknown) => {
      if (err instanceof SyntaxError)
        return send(res, 400, badRequestError('The request body is not valid JSON.'));
      log('razorpay simulator: request failed', { err: String(err) });
      if (!res.headersSent)
        send(res, 500, {
          error: {
            code: 'SERVER_ERROR',
            description: 'The server encountered an error. The incident has been reported to admins.',
          },
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  // ---- Routes for the PWA's origin ----

  function browserRouter(): Router {
    const router = new Router({ prefix: '/sandbox' });
    router.get('/checkout.js', (ctx) => {
      ctx.type = 'application/javascript; charset=utf-8';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = CHECKOUT_SCRIPT;
    });
    router.get('/orders/:id', (ctx) => {
      const order = orders.get(String(ctx.params.id));
      ctx.status = order ? 200 : 400;
      ctx.body = order
        ? { id: order.id, amount: order.amount, currency: order.currency, status: order.status }
        : notFound();
    });
    router.post('/payments', async (ctx) => {
      // The main app's body parser has usually run; read the stream ourselves when mounted without one.
      const body = ctx.request.body !== undefined ? ctx.request.body : await readJson(ctx.req);
      const result = payFromJson(body);
      ctx.status = result.status;
      ctx.body = result.body;
    });
    return router;
  }

  return {
    apiBaseUrl: `http://127.0.0.1:${port}`,
    port,
    switches,
    deliveries,
    orders,
    payments,
    route,
    browserRouter,
    pay,
    capture,
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    reset() {
      Object.assign(switches, DEFAULT_SWITCHES);
      deliveries.length = 0;
    },
    async stop() {
      stopped = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await Promise.allSettled([...pending]);
    },
  };
}
