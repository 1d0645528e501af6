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
import type { PaymentOutcome, PaymentReport } from './payments.service.ts';

// Guest payments refused at capture because the creator blocked their payer: recorded in the payment's own
// transaction, then refunded in full through Razorpay after the commit (see docs/ARCHITECTURE.md, "Blocking a guest
// tipper").

/**
 * Refunds in full, through Razorpay, a captured guest payment refused because its payer is blocked, once: the
 * row recorded in the refusing transaction is claimed for one attempt, and marked processed with Razorpay's
 * refund id. A failed call leaves it pending for the next report of the payment or the reconciliation job.
 * Razorpay never refunds more than was captured, so a second attempt after a lost answer cannot pay twice.
 */
export async function refundRefusedPayment(
  deps: Pick<AppDeps, 'db' | 'payments'>,
  paymentId: string,
  log: Logger,
): Promise<void> {
  const pending = await claimPendingRefund(deps.db, paymentId);
  if (!pending) return;
  try {
    const refund = await deps.payments.refundPayment(paymentId, {
      amountPaise: pending.amountPaise,
      notes: { reason: 'blocked_payer' },
    });
    await markRefundProcessed(deps.db, paymentId, refund.id);
    log.info({ paymentId, refundId: refund.id }, 'payment from a blocked guest payer refunded');
  } catch (err) {
    log.error({ paymentId, err }, 'refund of a payment from a blocked guest payer failed; retried later');
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
  });
  await markOrderPaid(tx, order.id, report.paymentId);
  log.warn(
    { orderId: order.id, paymentId: report.paymentId },
    'guest payment from a payer the creator blocked; refused and refunded',
  );
  return 'refused_blocked_payer';
}
