import type { AddressInfo } from 'node:net';
import type Router from '@koa/router';
import { razorpayId, type SimOrder, type SimPayment } from './entities.ts';
import { sleep } from './http.ts';
import { createPaymentsSimulator } from './payments.ts';
import { createRouteSimulator, type RouteSimulator } from './route.ts';
import { createReportsSimulator } from './reports.ts';
import { createBrowserRouter, createLoopbackServer } from './server.ts';
import {
  DEFAULT_SWITCHES,
  type PayInput,
  type PayResult,
  type RazorpaySimulatorOptions,
  type SimState,
  type SimulatorSwitches,
  type WebhookDelivery,
} from './state.ts';
import { createWebhookSender } from './webhooks.ts';

export {
  DEFAULT_SWITCHES,
  type PayInput,
  type PayResult,
  type RazorpaySimulatorOptions,
  type SimulatorSwitches,
  type WebhookDelivery,
  type WebhookEnvelope,
  type WebhookEventName,
} from './state.ts';

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
  /** Route: linked accounts, products, transfers; `refund`, `disputes` (raise/decide), `loseDispute` and `settleHeld` for tests. */
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

/**
 * Starts an in-process Razorpay look-alike on 127.0.0.1 (`opts.port`, or a random one): Orders/Payments API, checkout script, signed
 * webhooks. Its parts: `payments.ts` (orders, payment attempts, captures), `webhooks.ts` (signed delivery through the
 * switches), `route.ts` (Route), `server.ts` (the loopback API and the PWA's /sandbox routes).
 */
export async function startRazorpaySimulator(opts: RazorpaySimulatorOptions): Promise<RazorpaySimulator> {
  const log = opts.log ?? (() => {});
  const pending = new Set<Promise<void>>();
  const state: SimState = {
    opts,
    log,
    accountId: razorpayId('acc'),
    orders: new Map<string, SimOrder>(),
    payments: new Map<string, SimPayment>(),
    switches: { ...DEFAULT_SWITCHES },
    unknownPayment: null,
    deliveries: [],
    stopped: false,
    track(work) {
      const p = work.catch((err: unknown) =>
        log('razorpay simulator: delivery task failed', { err: String(err) }),
      );
      pending.add(p);
      void p.finally(() => pending.delete(p));
      return p;
    },
  };
  const webhooks = createWebhookSender(state);
  const route = createRouteSimulator({
    switches: state.switches,
    payments: state.payments,
    platformAccountId: state.accountId,
    emit: webhooks.emitRoute,
    later(ms, work) {
      void state.track(sleep(ms).then(() => (state.stopped ? undefined : work())));
    },
  });
  const payments = createPaymentsSimulator(state, webhooks);
  const reports = createReportsSimulator(state, route, payments.unrecordedCapture);
  const server = createLoopbackServer(state, route, payments, reports);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    apiBaseUrl: `http://127.0.0.1:${port}`,
    port,
    switches: state.switches,
    deliveries: state.deliveries,
    orders: state.orders,
    payments: state.payments,
    route,
    browserRouter: () => createBrowserRouter(state, payments, route),
    pay: payments.pay,
    capture: payments.capture,
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    reset() {
      Object.assign(state.switches, DEFAULT_SWITCHES);
      state.unknownPayment = null;
      state.deliveries.length = 0;
    },
    async stop() {
      state.stopped = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await Promise.allSettled([...pending]);
    },
  };
}
