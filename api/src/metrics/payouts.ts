import { countRecentTransfersByStatus } from './metrics.repository.ts';
import { registerDbGauge } from './registry.ts';

registerDbGauge(
  'shabaash_payout_transfers',
  'Payout transfers (Razorpay Route) whose state changed in the last 24 hours, by state: created, in_transit, processed, failed.',
  ['status'],
  async (db) =>
    (await countRecentTransfersByStatus(db)).map(({ status, count }) => ({
      labels: { status },
      value: count,
    })),
);
