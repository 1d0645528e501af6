import { hmacHex } from '../gateway.ts';
import {
  AUTH_FAILED,
  FAILURES,
  badRequestError,
  razorpayId,
  unixNow,
  type PaymentMethod,
  type RazorpayErrorBody,
  type SimOrder,
  type SimPayment,
} from './entities.ts';
import { sleep } from './http.ts';
import { isRecord, notesOf } from './routeEntities.ts';
import type { PayInput, PayResult, SimState } from './state.ts';
import type { PreparedEvent, WebhookSender } from './webhooks.ts';

/** Razorpay's answer for an unknown order or payment id. */
export const notFound = () => badRequestError('The id provided does not exist');

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
    vpa: str(body.vpa),
  };
}

/** A new payment attempt on `order` as the checkout dialog makes it (UPI or card), not yet captured. */
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
    vpa: method === 'upi' ? (input.vpa ?? 'success@razorpay') : null,
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

/**
 * Orders and payments as Razorpay keeps them: orders the SDK creates, payment attempts the checkout dialog makes
 * (success, or a failure and perhaps a late capture), the fee on capture, and the webhooks each step sends.
 */
export function createPaymentsSimulator(state: SimState, webhooks: WebhookSender) {
  function createOrder(body: Record<string, unknown>): SimOrder {
    const amount = body.amount as number;
    const notes = notesOf(body.notes);
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
    state.orders.set(order.id, order);
    return order;
  }

  /** Marks a payment captured (2.36 % fee incl. 18 % GST, like Razorpay's standard plan) and the order paid. */
  function markCaptured(payment: SimPayment): SimOrder {
    const order = state.orders.get(payment.order_id);
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

  function captureEvents(payment: SimPayment, order: SimOrder): PreparedEvent[] {
    const events: PreparedEvent[] = [];
    if (state.switches.sendAuthorized)
      events.push(
        webhooks.event('payment.authorized', { ...payment, status: 'authorized', captured: false }),
      );
    events.push(webhooks.event('payment.captured', payment), webhooks.event('order.paid', payment, order));
    return events;
  }

  function capture(paymentId: string): SimPayment {
    const payment = state.payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    if (payment.status === 'captured') return payment;
    const order = state.orders.get(payment.order_id);
    if (order?.status === 'paid') throw new Error(`order ${payment.order_id} is already paid`);
    const paid = markCaptured(payment);
    state.log('razorpay simulator: payment captured', { paymentId, orderId: paid.id });
    void webhooks.dispatch(captureEvents(payment, paid));
    return payment;
  }

  function pay(input: PayInput): PayResult {
    if (input.key !== undefined && input.key !== state.opts.keyId) return { status: 401, body: AUTH_FAILED };
    const order = state.orders.get(input.orderId);
    if (!order) return { status: 400, body: notFound() };
    if (order.status === 'paid')
      return { status: 400, body: badRequestError('Order has already been paid.', 'order_id') };
    const method = input.method ?? 'upi';
    const payment = newPayment(order, input, method);
    state.payments.set(payment.id, payment);
    order.attempts += 1;
    order.status = 'attempted';
    if (input.outcome === 'success') {
      markCaptured(payment);
      void webhooks.dispatch(captureEvents(payment, order));
      return {
        status: 200,
        body: {
          razorpay_payment_id: payment.id,
          razorpay_order_id: order.id,
          razorpay_signature: hmacHex(state.opts.keySecret, `${order.id}|${payment.id}`),
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
    const failedSent = webhooks.dispatch([webhooks.event('payment.failed', payment)]);
    if (state.switches.lateCapture) {
      const after = state.switches.lateCaptureAfterMs;
      void state.track(
        (async () => {
          // payment.failed goes out first; the bank's late confirmation arrives afterwards.
          await failedSent;
          await sleep(after);
          if (!state.stopped && payment.status === 'failed') capture(payment.id);
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

  /**
   * A payment captured at Razorpay on a fresh order of `amount` paise that sends no webhook and is kept out of
   * `state.payments`: what `reportUnknownPayment` reports (a capture the ledger never heard of).
   */
  function unrecordedCapture(amount: number): SimPayment {
    const order = createOrder({ amount, receipt: null, notes: {} });
    const payment = newPayment(order, { orderId: order.id, outcome: 'success' }, 'upi');
    markCaptured(payment);
    return payment;
  }

  function payFromJson(body: unknown): PayResult {
    const input = parsePayInput(body);
    if ('error' in input) return { status: 400, body: input };
    return pay(input);
  }

  return { createOrder, pay, payFromJson, capture, unrecordedCapture };
}
