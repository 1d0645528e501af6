import { Counter } from 'prom-client';
import { registry } from './registry.ts';

const refusals = new Counter({
  name: 'shabaash_rate_limit_refusals_total',
  help: 'Requests refused by a rate limit (429, or 4029 for a bot hello), by the name of the limit (api/src/http/rateLimit.ts).',
  labelNames: ['rule'] as const,
  registers: [registry],
});

/** Counts one refusal by the named limit. */
export function countRateLimitRefusal(rule: string): void {
  refusals.inc({ rule });
}
