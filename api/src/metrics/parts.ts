import { Gauge } from 'prom-client';
import { registry } from './registry.ts';

const partUp = new Gauge({
  name: 'shabaash_part_up',
  help: 'Whether each part of this instance answers, as /api/health probes it at scrape time (1 up, 0 down): database, realtime (the LISTEN connection), identity, payments, webhookWorker.',
  labelNames: ['part'] as const,
  registers: [registry],
});

/** Records the parts a scrape just probed. */
export function recordParts(parts: Readonly<Record<string, { status: 'ok' | 'down' }>>): void {
  partUp.reset();
  for (const [part, health] of Object.entries(parts)) partUp.set({ part }, health.status === 'ok' ? 1 : 0);
}
