import { createHash } from 'node:crypto';
import { z } from 'zod';
import { MESSAGES, type PaymentOrder } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/knex.ts';
import { badRequest, notFound, unauthenticated } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import { makeReceipt } from '../../payments/gateway.ts';
import { countGuestPayment, type GuestPaymentOutcome } from '../../metrics/guestPayments.ts';
import type { SessionPrincipal } from '../sessions/sessions.service.ts';
import { creatorSpace, walletSpace } from '../sync/spaces.ts';
import { insertTip } from '../tips/tips.repository.ts';
import {
  handlePayoutWebhook,
  isPayoutEvent,
  recordGatewayCharges,
  type PayoutOutcome,
} from '../payouts/payouts.webhooks.ts';
import { postLedgerEntry } from '../wallet/ledger.ts';
import { isGuestPayerBlocked, isViewerRefused } from '../safety/safety.repository.ts';
import { isBannedPayer } from '../ops/people.repository.ts';
import { payerKeys, payerLabel } from './guestPayers.ts';
import type { PaymentEventName, PaymentOutcome, PaymentReport } from './paymentReport.ts';
import { refundRefusedPayment, refuseBlockedPayer } from './refusedPayments.ts';
import {
  findPaymentOrder,
  insertInboxEvent,
  insertPaymentOrder,
  insertTipPayer,
  isPayeeDeleted,
  lockPaymentOrder,
  markOrderFailed,
  markOrderPaid,
  recordRefundDue,
  setInboxOutcome,
  type PaymentPurpose,
} from './payments.repository.ts';
import { presentOrderStatus, type OrderStatusDto } from './payments.presenter.ts';

/** Description of the ledger credit a captured top-up creates. */
export const TOP_UP_DESCRIPTION = 'Wallet top-up';

// ---------- creating orders ----------

/**
 * Creates the gateway order (amount in paise, unique receipt ≤ 40 chars, notes naming purpose, payer and
 * creator), then records it in payment_orders. A gateway failure surfaces as the gateway's message.
 */
export async function openPaymentOrder(
  deps: AppDeps,
  input: {
    purpose: PaymentPurpose;
    amountPaise: number;
    userId?: string | null;
    creator?: { userId: string; handle: string } | null;
    guestName?: string | null;
    message?: string | null;
    payerTokenHash?: string | null;
    feesCovered?: boolean;
  },
): Promise<PaymentOrder> {
  const receipt = makeReceipt(input.purpose === 'top_up' ? 'topup' : 'guest');
  const notes: Record<string, string> = { purpose: input.purpose };
  if (input.userId) notes.userId = input.userId;
  if (input.creator) {
    notes.creator = input.creator.handle;
    notes.creatorId = input.creator.userId;
  }
  if (input.guestName) notes.payer = input.guestName;
  const order = await deps.payments.createOrder({ amountPaise: input.amountPaise, receipt, notes });
  await insertPaymentOrder(deps.db, {
    id: order.id,
    receipt,
    purpose: input.purpose,
    userId: input.userId ?? null,
    creatorId: input.creator?.userId ?? null,
    amountPaise: order.amount,
    currency: order.currency,
    guestName: input.guestName ?? null,
    message: input.message ?? null,
    payerTokenHash: input.payerTokenHash ?? null,
    feesCovered: input.feesCovered ?? false,
  });
  return { id: order.id, amount: order.amount, currency: order.currency };
}

/** The state of one order for the screens; an order with an account (a top-up, a viewer's tip) is its owner's only. */
export async function getOrderStatus(
  deps: AppDeps,
  orderId: string,
  viewer: SessionPrincipal | null,
): Promise<OrderStatusDto> {
  const order = await findPaymentOrder(deps.db, orderId);
  if (!order) throw notFound('Payment order');
  if (order.purpose === 'top_up' || order.user_id) {
    if (!viewer) throw unauthenticated();
    if (viewer.userId !== order.user_id) throw notFound('Payment order');
  }
  return presentOrderStatus(order);
}

// ---------- applying payments (webhooks and reconciliation share this) ----------

/** How a guest-tip payment's outcome counts in shabaash_guest_payments_total (the others are not counted). */
const GUEST_PAYMENT_OUTCOMES: Partial<Record<PaymentOutcome, GuestPaymentOutcome>> = {
  tipped: 'captured',
  failed_recorded: 'failed',
  refunded: 'refunded',
  refused_blocked_payer: 'refunded',
  mismatch: 'refused',
  second_payment: 'refused',
};

/**
 * The one code path that turns a payment report into money: in ONE transaction it records the inbox row
 * (when `inboxId` is given; a repeated id stops here), locks the order, refuses duplicates and mismatches,
 * credits the wallet or creates the guest tip (both unique on the payment id), and marks the order. A payment
 * whose payee was deleted meanwhile is recorded as a refund instead (never a tip or a credit) and refunded at
 * Razorpay after commit. Realtime is told after commit.
 */
export async function applyPaymentReport(
  deps: AppDeps,
  report: PaymentReport,
  options: { inboxId?: string; payload?: unknown; log?: Logger } = {},
): Promise<PaymentOutcome> {
  const log = options.log ?? deps.logger;
  const spaces: string[] = [];
  const order: { purpose?: string } = {};
  const outcome = await deps.db.transaction(async (tx) => {
    if (options.inboxId) {
      const fresh = await insertInboxEvent(tx, {
        id: options.inboxId,
        event: report.event,
        paymentId: report.paymentId,
        orderId: report.orderId,
        payload: options.payload ?? report,
      });
      if (!fresh) return 'already_processed' as const;
    }
    const result = await applyInTransaction(tx, deps.config.payerHashSecret, report, { spaces, order }, log);
    if (options.inboxId) await setInboxOutcome(tx, options.inboxId, result);
    return result;
  });
  if (spaces.length > 0) deps.realtime.changed(spaces);
  const counted = order.purpose === 'guest_tip' ? GUEST_PAYMENT_OUTCOMES[outcome] : undefined;
  if (counted) countGuestPayment(counted);
  // A refunded payment (payee deleted, payer blocked) is refunded after the commit; a repeated report of it
  // retries a refund not yet made.
  if (outcome === 'refunded' || outcome === 'refused_blocked_payer' || outcome === 'duplicate')
    await refundRefusedPayment(deps, report.paymentId, log);
  return outcome;
}

async function applyInTransaction(
  tx: Executor,
  payerHashSecret: string,
  report: PaymentReport,
  /** Filled in: the spaces to announce after commit, and the purpose of the order the report was for. */
  out: { spaces: string[]; order: { purpose?: string } },
  log: Logger,
): Promise<PaymentOutcome> {
  const { spaces } = out;
  const order = await lockPaymentOrder(tx, report.orderId);
  if (order) out.order.purpose = order.purpose;
  const ctx = { orderId: report.orderId, paymentId: report.paymentId, event: report.event };
  if (!order) {
    log.warn(ctx, 'payment for an order we do not know; ignored');
    return 'unknown_order';
  }
  if (report.event === 'payment.failed') {
    if (order.status === 'paid') return 'ignored_paid';
    await markOrderFailed(tx, order.id, report.errorDescription ?? MESSAGES.paymentFailed);
    return 'failed_recorded';
  }
  if (report.status !== 'captured') {
    log.warn({ ...ctx, status: report.status }, 'capture event for a payment that is not captured; ignored');
    return 'not_captured';
  }
  if (order.status === 'paid') {
    if (order.payment_id === report.paymentId) return 'duplicate';
    log.error(
      { ...ctx, paidBy: order.payment_id },
      'a second payment captured for a paid order; not credited, refund it',
    );
    return 'second_payment';
  }
  if (report.amountPaise !== Number(order.amount_paise) || report.currency !== order.currency) {
    log.error(
      {
        ...ctx,
        expected: { amount: Number(order.amount_paise), currency: order.currency },
        got: { amount: report.amountPaise, currency: report.currency },
      },
      'payment amount or currency does not match its order; refused',
    );
    return 'mismatch';
  }
  if (await isPayeeDeleted(tx, order)) {
    const due = await recordRefundDue(tx, order, {
      paymentId: report.paymentId,
      message: MESSAGES.paymentRefundedPayeeDeleted,
    });
    return due ? 'refunded' : 'duplicate';
  }
  let outcome: PaymentOutcome;
  if (order.purpose === 'top_up') {
    if (!order.user_id) return 'orphaned';
    await postLedgerEntry(tx, {
      userId: order.user_id,
      type: 'credit',
      kind: 'top_up',
      amountPaise: Number(order.amount_paise),
      description: TOP_UP_DESCRIPTION,
      reference: report.paymentId,
    });
    spaces.push(walletSpace(order.user_id));
    outcome = 'credited';
  } else {
    if (!order.creator_id) return 'orphaned';
    const keys = payerKeys(payerHashSecret, report.payer ?? {}, order.payer_token_hash);
    // A payer the creator blocked, or a viewer banned from the platform paying as a guest; for a signed-in viewer's
    // tip also the account blocked or banned since its order: refunded in full.
    if (
      (await isGuestPayerBlocked(tx, order.creator_id, keys)) ||
      (await isBannedPayer(tx, keys)) ||
      (order.user_id !== null && (await isViewerRefused(tx, order.creator_id, order.user_id)))
    )
      return refuseBlockedPayer(tx, { ...order, creator_id: order.creator_id }, report, log);
    const tip = await insertTip(tx, {
      creatorId: order.creator_id,
      // A signed-in viewer's checkout tip (WALLET_MODE=off) keeps its sender; a guest's has none.
      senderId: order.user_id,
      guestName: order.guest_name || null,
      source: 'guest',
      amountPaise: Number(order.amount_paise),
      message: order.message ?? '',
      paymentId: report.paymentId,
      orderId: order.id,
      feesCovered: order.fees_covered,
    });
    if (keys.length > 0)
      await insertTipPayer(tx, { tipId: tip.id, payerKeys: keys, label: payerLabel(report.payer ?? {}) });
    spaces.push(creatorSpace(order.creator_id));
    outcome = 'tipped';
  }
  await markOrderPaid(tx, order.id, report.paymentId);
  return outcome;
}

// ---------- the webhook ----------

const HANDLED_EVENTS: readonly string[] = [
  'payment.captured',
  'order.paid',
  'payment.failed',
] satisfies PaymentEventName[];
const isHandledEvent = (event: string): event is PaymentEventName => HANDLED_EVENTS.includes(event);

const paymentEntitySchema = z.object({
  id: z.string().min(1),
  order_id: z.string().min(1).nullish(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  error_description: z.string().nullish(),
  vpa: z.string().nullish(),
  contact: z.union([z.string(), z.number()]).nullish(),
});

const webhookEnvelopeSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntitySchema }).optional(),
      order: z.object({ entity: z.object({ id: z.string() }) }).optional(),
    })
    .optional(),
});

export interface WebhookRequest {
  rawBody: Buffer | undefined;
  signature: string | undefined;
  eventId: string | undefined;
  body: unknown;
}

/**
 * Razorpay's webhook: the signature is checked over the raw bytes (bad or missing → 400, nothing changed);
 * `payment.captured`, `order.paid` and `payment.failed` go through applyPaymentReport keyed by the event id;
 * anything else is acknowledged and ignored.
 */
export async function handleRazorpayWebhook(
  deps: AppDeps,
  req: WebhookRequest,
  log: Logger = deps.logger,
): Promise<PaymentOutcome | PayoutOutcome | 'ignored'> {
  if (!req.rawBody || !deps.payments.verifyWebhookSignature(req.rawBody, req.signature)) {
    log.warn({ eventId: req.eventId }, 'webhook with a bad or missing signature refused');
    throw badRequest('Invalid webhook signature.');
  }
  const parsed = webhookEnvelopeSchema.safeParse(req.body);
  if (!parsed.success) throw badRequest('Malformed webhook payload.');
  const event = parsed.data.event;
  // Razorpay always sends x-razorpay-event-id; without it, identical bodies still deduplicate.
  const inboxId = req.eventId?.trim() || `sha256:${createHash('sha256').update(req.rawBody).digest('hex')}`;
  // Route (creator payouts), refunds and disputes: modules/payouts.
  if (isPayoutEvent(event)) return handlePayoutWebhook(deps, req.body, inboxId, log);
  if (!isHandledEvent(event)) return 'ignored';
  const payment = parsed.data.payload?.payment?.entity;
  const orderId = payment?.order_id ?? parsed.data.payload?.order?.entity.id;
  if (!payment || !orderId) {
    log.warn({ event, eventId: req.eventId }, 'payment event without a payment or order; ignored');
    return 'ignored';
  }
  const outcome = await applyPaymentReport(
    deps,
    {
      event,
      paymentId: payment.id,
      orderId,
      amountPaise: payment.amount,
      currency: payment.currency,
      status: payment.status,
      errorDescription: payment.error_description ?? null,
      payer: { vpa: payment.vpa ?? null, contact: payment.contact == null ? null : String(payment.contact) },
    },
    { inboxId, payload: req.body, log },
  );
  // Razorpay's fee and tax on a guest tip's payment, for the creator's statement (modules/payouts).
  if (outcome === 'tipped' || outcome === 'duplicate') await recordGatewayCharges(deps.db, req.body);
  return outcome;
}
