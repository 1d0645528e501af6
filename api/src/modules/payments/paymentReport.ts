import type { PayerDetails } from './guestPayers.ts';

// What Razorpay reports about a payment and what applying it came to: the words payments.service.ts (which applies
// a report), refusedPayments.ts (which refuses one) and the reconciliation job share.

export type PaymentEventName = 'payment.captured' | 'order.paid' | 'payment.failed';

/** What Razorpay told us about one payment, from a webhook or from the reconciliation poll. */
export interface PaymentReport {
  event: PaymentEventName;
  paymentId: string;
  orderId: string;
  amountPaise: number;
  currency: string;
  status: string;
  errorDescription?: string | null;
  /** The payer as the payment entity describes it (guest tips check it against the creator's blocked guests). */
  payer?: PayerDetails;
}

export type PaymentOutcome =
  | 'credited' // top-up: wallet credited
  | 'tipped' // guest tip created
  | 'refused_blocked_payer' // guest payment from a payer the creator blocked: refunded, never a tip
  | 'failed_recorded' // order marked failed
  | 'duplicate' // this payment already paid this order
  | 'already_processed' // this event id was already in the inbox
  | 'mismatch' // amount or currency differs from the order: refused
  | 'second_payment' // another payment already paid this order: refused (needs a refund)
  | 'ignored_paid' // a failure reported for an order that is already paid
  | 'not_captured' // a "captured" report whose payment is not captured
  | 'unknown_order' // not one of our orders
  | 'orphaned' // the order's user or creator no longer exists
  | 'refunded'; // the order's creator or account was deleted: refunded at Razorpay, nothing applied
