import { Counter } from 'prom-client';
import { registry } from './registry.ts';

/** What became of a guest-tip payment Razorpay reported (webhook or the reconciliation poll). */
export type GuestPaymentOutcome = 'captured' | 'failed' | 'refunded' | 'refused';

const guestPayments = new Counter({
  name: 'shabaash_guest_payments_total',
  help: 'Guest-tip payments by outcome: captured (a tip), failed, refunded (payer blocked, creator deleted, or a refund.processed for a tip) or refused (amount mismatch or a second payment of a paid order: a person must refund it).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** Counts one guest payment outcome (after its transaction committed). */
export function countGuestPayment(outcome: GuestPaymentOutcome): void {
  guestPayments.inc({ outcome });
}
