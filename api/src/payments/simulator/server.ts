import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import { CHECKOUT_SCRIPT } from './checkoutScript.ts';
import { AUTH_FAILED, badRequestError, validateOrderInput } from './entities.ts';
import { readJson, send, sleep } from './http.ts';
import { notFound, type createPaymentsSimulator } from './payments.ts';
import type { createReportsSimulator } from './reports.ts';
import type { RouteSimulator } from './route.ts';
import { isRecord } from './routeEntities.ts';
import { DEFAULT_SWITCHES, type SimState, type SimulatorSwitches } from './state.ts';
import { upiPayUri, upiQrSvg } from './upi.ts';

type PaymentsSimulator = ReturnType<typeof createPaymentsSimulator>;

/**
 * The simulator's loopback HTTP server: Razorpay's API under `/v1/` and `/v2/` (Basic auth with the key pair),
 * and the test controls under `/sandbox/` (switches, payments, captures, refunds, disputes, settlements). The
 * reporting lists (payments, refunds, settlements, the recon report) come from reports.ts.
 */
export function createLoopbackServer(
  state: SimState,
  route: RouteSimulator,
  payments: PaymentsSimulator,
  reports: ReturnType<typeof createReportsSimulator>,
): Server {
  const expectedAuth = `Basic ${Buffer.from(`${state.opts.keyId}:${state.opts.keySecret}`).toString('base64')}`;
  const authorised = (req: IncomingMessage) => {
    const given = Buffer.from(req.headers.authorization ?? '', 'utf8');
    const expected = Buffer.from(expectedAuth, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (!authorised(req)) return send(res, 401, AUTH_FAILED);
    const method = req.method ?? 'GET';
    if (state.switches.apiLatencyMs > 0) await sleep(state.switches.apiLatencyMs);
    const requestBody = method === 'POST' || method === 'PATCH' ? await readJson(req) : undefined;
    const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
    const trimmed = path.replace(/\/+$/, '');
    const report = reports.handle(method, trimmed, query);
    if (report) return send(res, report.status, report.body);
    const routed = route.handle(method, trimmed, requestBody, query);
    if (routed) {
      if (state.switches.routeAnswerDelayMs > 0) await sleep(state.switches.routeAnswerDelayMs);
      return send(res, routed.status, routed.body);
    }
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/orders') {
      const body = requestBody;
      if (!isRecord(body)) return send(res, 400, badRequestError('The amount field is required.', 'amount'));
      const invalid = validateOrderInput(body);
      if (invalid) return send(res, 400, invalid);
      return send(res, 200, payments.createOrder(body));
    }
    if (method === 'GET' && (m = /^\/v1\/orders\/([^/]+)\/payments\/?$/.exec(path))) {
      const order = state.orders.get(decodeURIComponent(m[1] ?? ''));
      if (!order) return send(res, 400, notFound());
      const items = [...state.payments.values()].filter((p) => p.order_id === order.id).reverse();
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    if (method === 'GET' && (m = /^\/v1\/orders\/([^/]+)\/?$/.exec(path))) {
      const order = state.orders.get(decodeURIComponent(m[1] ?? ''));
      return order ? send(res, 200, order) : send(res, 400, notFound());
    }
    if (method === 'GET' && (m = /^\/v1\/payments\/([^/]+)\/?$/.exec(path))) {
      const payment = state.payments.get(decodeURIComponent(m[1] ?? ''));
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

  return createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const handle = async () => {
      if (path.startsWith('/v1/') || path.startsWith('/v2/')) return handleApi(req, res, path);
      if (req.method === 'POST' && path === '/sandbox/payments') {
        const result = payments.payFromJson(await readJson(req));
        return send(res, result.status, result.body);
      }
      if (path === '/sandbox/switches') {
        if (req.method === 'POST') {
          const body = await readJson(req);
          if (isRecord(body)) {
            for (const key of Object.keys(DEFAULT_SWITCHES) as Array<keyof SimulatorSwitches>) {
              const value = body[key];
              if (value !== undefined && typeof value === typeof DEFAULT_SWITCHES[key])
                Object.assign(state.switches, { [key]: value });
            }
          }
        }
        return send(res, 200, state.switches);
      }
      let m: RegExpExecArray | null;
      if (req.method === 'POST' && (m = /^\/sandbox\/payments\/([^/]+)\/capture$/.exec(path))) {
        try {
          return send(res, 200, payments.capture(decodeURIComponent(m[1] ?? '')));
        } catch (err) {
          return send(res, 400, badRequestError(err instanceof Error ? err.message : String(err)));
        }
      }
      if (req.method === 'GET' && path === '/sandbox/deliveries') return send(res, 200, state.deliveries);
      if (req.method === 'POST' && (m = /^\/sandbox\/payments\/([^/]+)\/refund$/.exec(path))) {
        const answer = route.refund(decodeURIComponent(m[1] ?? ''));
        return send(res, answer.status, answer.body);
      }
      const disputeAction = disputeControl(route, req.method ?? 'GET', path);
      if (disputeAction) {
        const body = await readJson(req);
        try {
          return send(res, 200, disputeAction(isRecord(body) ? body : {}));
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
      state.log('razorpay simulator: request failed', { err: String(err) });
      if (!res.headersSent)
        send(res, 500, {
          error: {
            code: 'SERVER_ERROR',
            description: 'The server encountered an error. The incident has been reported to admins.',
          },
        });
    });
  });
}

/**
 * Routes to mount on the PWA's origin: `GET /sandbox/checkout.js`, `POST /sandbox/payments`, `GET /sandbox/orders/:id`
 * (with the order's `upi://pay` link), `GET /sandbox/orders/:id/upi-qr.svg` (its QR code), and the dispute controls (`POST /sandbox/payments/:id/dispute`, `POST /sandbox/disputes/:id/:step`).
 */
export function createBrowserRouter(
  state: SimState,
  payments: PaymentsSimulator,
  route: RouteSimulator,
): Router {
  const router = new Router({ prefix: '/sandbox' });
  router.get('/checkout.js', (ctx) => {
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = CHECKOUT_SCRIPT;
  });
  router.get('/orders/:id', (ctx) => {
    const order = state.orders.get(String(ctx.params.id));
    ctx.status = order ? 200 : 400;
    ctx.body = order
      ? {
          id: order.id,
          amount: order.amount,
          currency: order.currency,
          status: order.status,
          upi: { uri: upiPayUri(order) },
        }
      : notFound();
  });
  // The QR code the desktop checkout shows for the UPI QR flow (the order's upi://pay link).
  router.get('/orders/:id/upi-qr.svg', (ctx) => {
    const order = state.orders.get(String(ctx.params.id));
    if (!order) {
      ctx.status = 400;
      ctx.body = notFound();
      return;
    }
    ctx.type = 'image/svg+xml';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = upiQrSvg(order);
  });
  router.post('/payments', async (ctx) => {
    // The main app's body parser has usually run; read the stream ourselves when mounted without one.
    const body = ctx.request.body !== undefined ? ctx.request.body : await readJson(ctx.req);
    const result = payments.payFromJson(body);
    ctx.status = result.status;
    ctx.body = result.body;
  });
  // Disputes, as the pay action (sandbox only): raise one on a payment, then decide it; Razorpay's webhooks follow.
  for (const path of ['/payments/:id/dispute', '/disputes/:id/:step']) {
    router.post(path, async (ctx) => {
      const action = disputeControl(route, 'POST', ctx.path);
      const body = ctx.request.body !== undefined ? ctx.request.body : await readJson(ctx.req);
      try {
        ctx.body = action ? action(isRecord(body) ? body : {}) : notFound();
        ctx.status = action ? 200 : 400;
      } catch (err) {
        ctx.status = 400;
        ctx.body = badRequestError(err instanceof Error ? err.message : String(err));
      }
    });
  }
  return router;
}

/**
 * The dispute controls: `POST /sandbox/payments/:id/dispute` (raise; optional amount, reason_code, phase),
 * `…/dispute-lost` (lost at once), `POST /sandbox/disputes/:id/{review,action-required,won,lost,closed}`
 * (closed takes `{ "deducted": true }` when the merchant's balance was debited).
 */
function disputeControl(
  route: RouteSimulator,
  method: string,
  path: string,
): ((body: Record<string, unknown>) => unknown) | null {
  if (method !== 'POST') return null;
  const d = route.disputes;
  let m: RegExpExecArray | null;
  if ((m = /^\/sandbox\/payments\/([^/]+)\/dispute$/.exec(path))) {
    const paymentId = decodeURIComponent(m[1] ?? '');
    return (b) =>
      d.raise(paymentId, {
        amount: typeof b.amount === 'number' ? b.amount : undefined,
        reasonCode: typeof b.reason_code === 'string' ? b.reason_code : undefined,
      });
  }
  if ((m = /^\/sandbox\/payments\/([^/]+)\/dispute-lost$/.exec(path))) {
    const paymentId = decodeURIComponent(m[1] ?? '');
    return () => route.loseDispute(paymentId);
  }
  if ((m = /^\/sandbox\/disputes\/([^/]+)\/(review|action-required|won|lost|closed)$/.exec(path))) {
    const id = decodeURIComponent(m[1] ?? '');
    const step = m[2];
    if (step === 'review') return () => d.review(id);
    if (step === 'action-required') return () => d.actionRequired(id);
    if (step === 'won' || step === 'lost' || step === 'closed')
      return (b) => d.decide(id, step, { deducted: b.deducted === true });
  }
  return null;
}
