import type { PaymentMethod, RazorpayErrorBody, SimOrder, SimPayment } from './entities.ts';
import { DEFAULT_ROUTE_SWITCHES, type RouteEventName, type RouteSwitches } from './routeEntities.ts';

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
  /** Reconciliation tests: Razorpay's payment reports (GET /v1/payments, GET /v1/payments/:id) leave out this payment. */
  reportDropPaymentId: string;
  /** …and report one more captured payment, of an order made at Razorpay that the ledger never heard of. */
  reportUnknownPayment: boolean;
  /** …and report this payment's amount off by `reportAmountDeltaPaise`. */
  reportAmountPaymentId: string;
  reportAmountDeltaPaise: number;
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
  reportDropPaymentId: '',
  reportUnknownPayment: false,
  reportAmountPaymentId: '',
  reportAmountDeltaPaise: 0,
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
  /** The UPI address the payer approves from (UPI only; Razorpay's test VPA `success@razorpay` by default). */
  vpa?: string;
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
  /** The loopback port to listen on; a free one when omitted. */
  port?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

/** What the simulator's parts share: its options, Razorpay's memory, the switches and the pending work. */
export interface SimState {
  opts: RazorpaySimulatorOptions;
  log: NonNullable<RazorpaySimulatorOptions['log']>;
  /** The platform's own Razorpay account id (events of the platform carry it). */
  accountId: string;
  orders: Map<string, SimOrder>;
  payments: Map<string, SimPayment>;
  switches: SimulatorSwitches;
  /** The captured payment `reportUnknownPayment` reports (made on first report, forgotten by reset()). */
  unknownPayment: SimPayment | null;
  /** Every webhook delivery attempt, oldest first. */
  deliveries: WebhookDelivery[];
  /** Set by stop(): deliveries and scheduled work end. */
  stopped: boolean;
  /** Keeps `work` among the pending tasks (idle() and stop() wait for them) and logs its failure. */
  track(work: Promise<void>): Promise<void>;
}
