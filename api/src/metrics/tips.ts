import { Counter } from 'prom-client';
import { registry } from './registry.ts';

/** Wallet tips (POST /api/tips/send) by outcome; `code` is the refusal's error code (a closed set), else empty. */
const tips = new Counter({
  name: 'shabaash_tips_total',
  help: 'Wallet tips asked for (POST /api/tips/send) by outcome: sent, replayed (same Idempotency-Key) or refused (code: the error code).',
  labelNames: ['outcome', 'code'] as const,
  registers: [registry],
});
const sent = tips.labels({ outcome: 'sent', code: '' });
const replayed = tips.labels({ outcome: 'replayed', code: '' });

/** Counts one answered wallet tip: sent, or a replay of one sent before. */
export function countTipSent(wasReplay: boolean): void {
  (wasReplay ? replayed : sent).inc();
}

/** Counts one refused wallet tip by its error code (INTERNAL for an unexpected failure). */
export function countTipRefused(code: string): void {
  tips.inc({ outcome: 'refused', code });
}
