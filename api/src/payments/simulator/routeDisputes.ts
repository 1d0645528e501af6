import { unixNow } from './entities.ts';
import { rid, type DisputeEventName, type RouteContext, type SimDispute } from './routeEntities.ts';

/** How a dispute is decided: Razorpay's final statuses. */
export type DisputeDecision = 'won' | 'lost' | 'closed';

/** Days Razorpay gives to answer a chargeback (the evidence deadline of a raised dispute). */
export const RESPOND_WITHIN_DAYS = 7;

/**
 * Disputes on captured payments, as the issuing bank raises them and Razorpay reports them: `raise` opens one
 * (payment.dispute.created, status open, a deadline `respond_by`), `review` marks evidence submitted
 * (payment.dispute.under_review), `actionRequired` asks for more (payment.dispute.action_required, status open),
 * and `decide` ends it (payment.dispute.won / lost / closed; lost deducts the disputed amount). Every webhook
 * carries the payment and the dispute as they are at that moment.
 */
export function createRouteDisputes(ctx: RouteContext) {
  const disputes = new Map<string, SimDispute>();

  function emit(name: DisputeEventName, dispute: SimDispute) {
    const payment = ctx.payments.get(dispute.payment_id);
    ctx.emit(name, '', {
      payment: { entity: structuredClone(payment) },
      dispute: { entity: structuredClone(dispute) },
    });
  }

  function find(disputeId: string): SimDispute {
    const dispute = disputes.get(disputeId);
    if (!dispute) throw new Error('The id provided does not exist');
    return dispute;
  }

  function raise(
    paymentId: string,
    opts: {
      amount?: number;
      reasonCode?: string;
      phase?: SimDispute['phase'];
      respondBy?: number;
    } = {},
  ): SimDispute {
    const payment = ctx.payments.get(paymentId);
    if (!payment) throw new Error('The id provided does not exist');
    if (payment.status !== 'captured' && payment.status !== 'refunded')
      throw new Error('A dispute can only be raised on a captured payment');
    const amount = opts.amount ?? payment.amount;
    if (!Number.isInteger(amount) || amount <= 0 || amount > payment.amount)
      throw new Error('The dispute amount must be between 1 and the payment amount');
    const now = unixNow();
    const dispute: SimDispute = {
      id: rid('disp'),
      entity: 'dispute',
      payment_id: paymentId,
      amount,
      currency: 'INR',
      amount_deducted: 0,
      reason_code: opts.reasonCode ?? 'chargeback',
      reason_description: 'The customer’s bank disputes this payment.',
      respond_by: opts.respondBy ?? now + RESPOND_WITHIN_DAYS * 86_400,
      status: 'open',
      phase: opts.phase ?? 'chargeback',
      created_at: now,
    };
    disputes.set(dispute.id, dispute);
    emit('payment.dispute.created', dispute);
    return structuredClone(dispute);
  }

  function review(disputeId: string): SimDispute {
    const dispute = find(disputeId);
    if (dispute.status !== 'open') throw new Error('Only an open dispute can be contested');
    dispute.status = 'under_review';
    emit('payment.dispute.under_review', dispute);
    return structuredClone(dispute);
  }

  function actionRequired(disputeId: string): SimDispute {
    const dispute = find(disputeId);
    if (dispute.status !== 'under_review') throw new Error('Only a dispute under review can need action');
    dispute.status = 'open';
    emit('payment.dispute.action_required', dispute);
    return structuredClone(dispute);
  }

  function decide(
    disputeId: string,
    decision: DisputeDecision,
    opts: { deducted?: boolean } = {},
  ): SimDispute {
    const dispute = find(disputeId);
    if (dispute.status !== 'open' && dispute.status !== 'under_review')
      throw new Error('The dispute is already decided');
    dispute.status = decision;
    const deducted = decision === 'lost' || (decision === 'closed' && opts.deducted === true);
    dispute.amount_deducted = deducted ? dispute.amount : 0;
    emit(`payment.dispute.${decision}`, dispute);
    return structuredClone(dispute);
  }

  /** A chargeback raised and lost before the merchant heard of it: only payment.dispute.lost is sent. */
  function loseAtOnce(paymentId: string): SimDispute {
    const payment = ctx.payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    const now = unixNow();
    const dispute: SimDispute = {
      id: rid('disp'),
      entity: 'dispute',
      payment_id: paymentId,
      amount: payment.amount,
      currency: 'INR',
      amount_deducted: payment.amount,
      reason_code: 'chargeback',
      reason_description: 'The customer’s bank disputes this payment.',
      respond_by: now + RESPOND_WITHIN_DAYS * 86_400,
      status: 'lost',
      phase: 'chargeback',
      created_at: now,
    };
    disputes.set(dispute.id, dispute);
    emit('payment.dispute.lost', dispute);
    return structuredClone(dispute);
  }

  /** `GET /v1/disputes/:id`. */
  const fetch = (disputeId: string): SimDispute | undefined => disputes.get(disputeId);

  return {
    disputes: disputes as ReadonlyMap<string, SimDispute>,
    raise,
    review,
    actionRequired,
    decide,
    loseAtOnce,
    fetch,
  };
}
