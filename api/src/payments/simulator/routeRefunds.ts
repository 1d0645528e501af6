import { unixNow, type SimPayment } from './entities.ts';
import { err, ok, rid, type RouteAnswer, type RouteContext, type SimRefund } from './routeEntities.ts';

/** Refunds a captured payment (as the dashboard or `payments.refund` does) and sends refund.processed. */
export function refundPayment(
  ctx: RouteContext,
  paymentId: string,
  amount?: number,
): NonNullable<RouteAnswer> {
  const payment = ctx.payments.get(paymentId) as
    (SimPayment & { amount_refunded: number; refund_status: unknown }) | undefined;
  if (!payment) return err('The id provided does not exist');
  const value = amount ?? payment.amount - payment.amount_refunded;
  if (payment.status !== 'captured' && payment.status !== 'refunded')
    return err('The payment has not been captured', 'payment_id');
  if (value <= 0 || value > payment.amount - payment.amount_refunded)
    return err('The refund amount provided is greater than amount captured', 'amount');
  payment.amount_refunded += value;
  Object.assign(payment, {
    refund_status: payment.amount_refunded === payment.amount ? 'full' : 'partial',
  });
  if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
  const entity: SimRefund = {
    id: rid('rfnd'),
    entity: 'refund',
    amount: value,
    currency: 'INR',
    payment_id: paymentId,
    notes: [],
    receipt: null,
    acquirer_data: { arn: null },
    created_at: unixNow(),
    batch_id: null,
    status: 'processed',
    speed_processed: 'normal',
    speed_requested: 'normal',
  };
  ctx.emit('refund.processed', '', { refund: { entity }, payment: { entity: structuredClone(payment) } });
  return ok(entity);
}
