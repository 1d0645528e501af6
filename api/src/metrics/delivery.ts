import { Histogram } from 'prom-client';
import { registry } from './registry.ts';

const delivery = new Histogram({
  name: 'shabaash_tip_delivery_seconds',
  help: "Send → creator socket: from a tip's creation (its transaction's database clock) to its first frame written to a creator's own socket on this instance (live pushes, not catch-ups).",
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Observes one new tip written to a creator's socket, created at `createdAt`. */
export function observeTipDelivery(createdAt: Date | string): void {
  delivery.observe(Math.max(0, Date.now() - new Date(createdAt).getTime()) / 1000);
}
