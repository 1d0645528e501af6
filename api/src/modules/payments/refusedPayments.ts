import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/knex.ts';
import type { Logger } from '../../logger.ts';
import {
  claimPendingRefund,
  insertPaymentRefund,
  markOrderPaid,
  markRefundProcessed,
  type PaymentOrderRow,
} from './payments.repository.ts';
import type { PaymentOutcome, PaymentReport } from './paymentReport.ts';

// Captured payments refused at capture (the creator blocked their payer, or the payee was deleted meanwhile):
// recorded in payment_refunds in the payment's own transaction, then refunded in full through Razorpay after the
// commit (see docs/ARCHITECTURE.md, "Blocking a guest tipper").

/**
 * Refunds in full, through Razorpay, a captured payment recorded in payment_refunds, once: the
 * row recorded in the refusing transaction is claimed for one attempt, and marked processed with Razorpay's
 * refund id. A failed call leaves it pending for the next report of the payment or the reconciliation job.
 * True when Razorpay accepted the refund now.
 * Razorpay never refunds more than was captured, so a second attempt after a lost answer cannot pay twice.
 */
export async function refundRefusedPayment(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  paymentId: string,
  log: Logger,
): Promise<boolean> {
  const pending = await claimPendingRefund(deps.db, paymentId);
  if (!pending) return false;
  try {
    const refund = await deps.payments.refundPayment(paymentId, {
      amountPaise: pending.amountPaise,
      notes: { reason: pending.reason },
    });
    await markRefundProcessed(deps.db, paymentId, refund.id);
    log.info({ paymentId, refundId: refund.id, reason: pending.reason }, 'payment refunded in full');
    return true;
  } catch (err) {
    log.error({ paymentId, err, reason: pending.reason }, 'refund failed; reconciliation tries again');
    return false;
  }
}

/** A guest tip's payment from a payer the creator blocked: recorded for a full refund; the order is closed. */
export async function refuseBlockedPayer(
  tx: Executor,
  order: PaymentOrderRow & { creator_id: string },
  report: PaymentReport,
  log: Logger,
): Promise<PaymentOutcome> {
  await insertPaymentRefund(tx, {
    paymentId: report.paymentId,
    orderId: order.id,
    creatorId: order.creator_id,
    amountPaise: Number(order.amount_paise),
    reason: 'blocked_payer',
  });
  await markOrderPaid(tx, order.id, report.paymentId);
  log.warn(
    { orderId: order.id, paymentId: report.paymentId },
    'guest payment from a payer the creator blocked; refused and refunded',
  );
  return 'refused_blocked_payer';
}
