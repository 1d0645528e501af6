import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';
import { AppError } from '../http/errors.ts';
import { createReportsGateway, type ReportsGateway } from './reportsGateway.ts';
import { createRouteGateway, type RouteGateway } from './routeGateway.ts';

/** Where the browser loads Checkout.js in production; sandbox mode serves `SANDBOX_CHECKOUT_PATH` instead. */
export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout.js';
/** Razorpay's production host; the SDK hard-codes it, `hostUrl` replaces it for the simulator. */
export const RAZORPAY_HOST_URL = 'https://api.razorpay.com';
/** Razorpay refuses receipts longer than this. */
export const RECEIPT_MAX_LENGTH = 40;

export type RazorpayPaymentStatus = 'created' | 'authorized' | 'captured' | 'failed' | 'refunded';

export interface GatewayOrder {
  id: string;
  amount: number;
  currency: 'INR';
  status: string;
}

export interface GatewayOrderDetails extends GatewayOrder {
  entity: 'order';
  amount_paid: number;
  amount_due: number;
  receipt: string | null;
  attempts: number;
  notes: Record<string, string> | unknown[];
  created_at: number;
}

export interface GatewayPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: RazorpayPaymentStatus;
  method?: string;
  captured?: boolean;
  error_code?: string | null;
  error_description?: string | null;
  /** The payer's UPI address (UPI payments) and the contact given at checkout. */
  vpa?: string | null;
  contact?: string | null;
  created_at?: number;
}

export interface PaymentGateway {
  /** The public key id the PWA passes to Checkout (`key` option). */
  keyId: string;
  /** Creates a Razorpay order for `amountPaise` in INR; `receipt` must be unique and ≤ 40 characters. */
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<GatewayOrder>;
  /** Fetches an order as Razorpay reports it now (status created | attempted | paid). */
  fetchOrder(orderId: string): Promise<GatewayOrderDetails>;
  /** Lists every payment attempt made against an order. */
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  /** `POST /v1/payments/:id/refund`: refunds `amountPaise` of a captured payment; answers the refund. */
  refundPayment(
    paymentId: string,
    input: { amountPaise: number; notes: Record<string, string> },
  ): Promise<{ id: string; amount: number; status: string }>;
  /** True when `signature` is the hex HMAC-SHA256 of the exact `rawBody` bytes under the webhook secret. */
  verifyWebhookSignature(rawBody: Buffer | string, signature: string | undefined): boolean;
  /** True when `signature` is Checkout's handler signature: HMAC-SHA256(`orderId|paymentId`, key secret). */
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string | undefined): boolean;
  /** Razorpay Route (creator payouts). */
  route: RouteGateway;
  /** Razorpay's reporting APIs (payments, refunds, transfers, settlements of a day), for the daily reconciliation. */
  reports: ReportsGateway;
}

export interface RazorpayGatewayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  timeoutMs: number;
  /** Base URL of the Razorpay simulator in sandbox mode (e.g. `sim.apiBaseUrl`); omitted in production. */
  hostUrl?: string;
}

/** The slice of axios the SDK keeps in `api.rq`; its typings do not declare it. */
interface SdkRequestClient {
  rq: { defaults: { baseURL?: string; timeout?: number; adapter?: unknown } };
}

/**
 * The official SDK with its request client re-pointed, as Razorpay's maintainers do for their own
 * e2e tests (razorpay/razorpay-node#370: `class RazorpayTest extends Razorpay { … this.api.rq = … }`).
 * Resources keep a reference to `this.api`, and the axios instance is read per request, so changing
 * the instance's defaults redirects every call and gives each one a socket timeout.
 */
class ConfiguredRazorpay extends Razorpay {
  constructor(options: { key_id: string; key_secret: string; hostUrl: string; timeoutMs: number }) {
    super({ key_id: options.key_id, key_secret: options.key_secret });
    const client = (this.api as unknown as SdkRequestClient).rq; // the SDK's d.ts omits `rq`; see razorpay/dist/api.js
    client.defaults.baseURL = options.hostUrl;
    client.defaults.timeout = options.timeoutMs;
    client.defaults.adapter = 'http'; // Node's http even where a DOM (XMLHttpRequest) is present, e.g. DOM-environment tests.
  }
}

/** Razorpay's error body as the SDK rethrows it: `{ statusCode, error: { code, description, field } }`. */
interface SdkError {
  statusCode?: number | string;
  error?: { code?: string; description?: string; field?: string | null };
}

function isSdkError(err: unknown): err is SdkError & { error: NonNullable<SdkError['error']> } {
  return (
    typeof err === 'object' &&
    err !== null &&
    'error' in err &&
    typeof (err as SdkError).error?.description === 'string'
  );
}

/** Turns whatever the SDK threw into an AppError: Razorpay's own description for request errors, 502 otherwise. */
export function translateRazorpayError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isSdkError(err)) {
    const status = Number(err.statusCode);
    const description = err.error.description ?? 'The payment provider refused the request.';
    const field = err.error.field ?? undefined;
    const translated =
      err.error.code === 'BAD_REQUEST_ERROR' && status >= 400 && status < 500 && status !== 401
        ? new AppError('VALIDATION_FAILED', description, field)
        : new AppError('UPSTREAM_FAILED', `Payment provider error: ${description}`);
    translated.cause = err;
    return translated;
  }
  const failed = new AppError(
    'UPSTREAM_FAILED',
    'The payment provider could not be reached. Please try again.',
  );
  failed.cause = err;
  return failed;
}

/** Runs one SDK call with a hard deadline and translated errors. */
async function call<T>(timeoutMs: number, what: string, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AppError('UPSTREAM_FAILED', `The payment provider did not answer in time (${what}).`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([run(), deadline]);
  } catch (err) {
    throw translateRazorpayError(err);
  } finally {
    clearTimeout(timer);
  }
}

/** Hex HMAC-SHA256 of `data` under `secret`. */
export function hmacHex(secret: string, data: Buffer | string): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of a received hex signature with the expected one. */
export function safeEqualHex(expected: string, received: string | undefined): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A unique receipt such as `topup_m3k9x2a1_5f0c9e2b7a4d1c8e`, always ≤ 40 characters. */
export function makeReceipt(prefix: string): string {
  const clean = prefix.replace(/[^A-Za-z0-9-]/g, '').slice(0, 12) || 'rcpt';
  return `${clean}_${Date.now().toString(36)}_${randomBytes(8).toString('hex')}`.slice(0, RECEIPT_MAX_LENGTH);
}

/** The one Razorpay code path: the official SDK against Razorpay, or against the simulator when `hostUrl` is set. */
export function createRazorpayGateway(opts: RazorpayGatewayOptions): PaymentGateway {
  const hostUrl = (opts.hostUrl ?? RAZORPAY_HOST_URL).replace(/\/+$/, '').replace(/\/v1$/, '');
  const sdk = new ConfiguredRazorpay({
    key_id: opts.keyId,
    key_secret: opts.keySecret,
    hostUrl,
    timeoutMs: opts.timeoutMs,
  });
  const timeoutMs = opts.timeoutMs;

  return {
    keyId: opts.keyId,

    async createOrder({ amountPaise, receipt, notes }) {
      if (receipt.length > RECEIPT_MAX_LENGTH) {
        throw new AppError(
          'VALIDATION_FAILED',
          `The receipt may not be greater than ${RECEIPT_MAX_LENGTH} characters.`,
          'receipt',
        );
      }
      const order = await call(timeoutMs, 'create order', () =>
        sdk.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes }),
      );
      return { id: order.id, amount: Number(order.amount), currency: 'INR', status: order.status };
    },

    async fetchOrder(orderId) {
      const order = await call(timeoutMs, 'fetch order', () => sdk.orders.fetch(orderId));
      return {
        id: order.id,
        entity: 'order',
        amount: Number(order.amount),
        amount_paid: Number(order.amount_paid),
        amount_due: Number(order.amount_due),
        currency: 'INR',
        receipt: order.receipt ?? null,
        status: order.status,
        attempts: order.attempts,
        notes: (order.notes ?? {}) as GatewayOrderDetails['notes'],
        created_at: order.created_at,
      } satisfies GatewayOrderDetails;
    },

    async fetchOrderPayments(orderId) {
      const list = await call(timeoutMs, 'fetch order payments', () => sdk.orders.fetchPayments(orderId));
      return list.items.map((p) => ({
        id: p.id,
        order_id: p.order_id,
        amount: Number(p.amount),
        currency: p.currency,
        status: p.status as RazorpayPaymentStatus,
        method: p.method,
        captured: Boolean(p.captured),
        error_code: p.error_code ?? null,
        error_description: p.error_description ?? null,
        vpa: p.vpa ?? null,
        contact: p.contact === undefined || p.contact === null ? null : String(p.contact),
        created_at: p.created_at,
      }));
    },

    async refundPayment(paymentId, { amountPaise, notes }) {
      const refund = await call(timeoutMs, 'refund payment', () =>
        sdk.payments.refund(paymentId, { amount: amountPaise, speed: 'normal', notes }),
      );
      return { id: refund.id, amount: Number(refund.amount), status: String(refund.status) };
    },

    verifyWebhookSignature(rawBody, signature) {
      return safeEqualHex(hmacHex(opts.webhookSecret, rawBody), signature);
    },

    verifyPaymentSignature(orderId, paymentId, signature) {
      return safeEqualHex(hmacHex(opts.keySecret, `${orderId}|${paymentId}`), signature);
    },

    route: createRouteGateway(sdk, (what, work) => call(timeoutMs, what, work)),
    reports: createReportsGateway(sdk, (what, work) => call(timeoutMs, what, work)),
  };
}
