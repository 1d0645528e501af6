import { countOpenDifferences } from '../modules/ops/reconciliationRuns.repository.ts';
import { registerDbGauge } from './registry.ts';

registerDbGauge(
  'shabaash_reconciliation_differences',
  'Open differences between the ledger and Razorpay found by the daily reconciliation (see /ops, Reconciliation).',
  [],
  countOpenDifferences,
);
