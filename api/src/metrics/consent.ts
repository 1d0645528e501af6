import { Counter } from 'prom-client';
import { registry } from './registry.ts';

/** Parents' answers: consents given and withdrawn. */
const consents = new Counter({
  name: 'shabaash_parental_consents_total',
  help: 'Parental consents by event: given (the parent confirmed with an OTP) or withdrawn (from the withdrawal link).',
  labelNames: ['event'] as const,
  registers: [registry],
});

/** Payments refused by the age rule, by reason. */
const refusals = new Counter({
  name: 'shabaash_minor_payments_refused_total',
  help: 'Payments refused by the age rule, by reason: no_consent (a minor without a given consent), cap (over the monthly cap) or no_date_of_birth.',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export type ConsentEvent = 'given' | 'withdrawn';
export type AgeRefusal = 'no_consent' | 'cap' | 'no_date_of_birth';

/** Counts a parent's consent given or withdrawn. */
export function countConsent(event: ConsentEvent): void {
  consents.inc({ event });
}

/** Counts a payment the age rule refused. */
export function countAgeRefusal(reason: AgeRefusal): void {
  refusals.inc({ reason });
}
