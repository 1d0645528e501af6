import {
  countDisabledEndpoints,
  countDueDeliveries,
  countRetryingDeliveries,
  oldestDueDeliveryAge,
} from './metrics.repository.ts';
import { registerDbGauge } from './registry.ts';

// Outgoing webhooks: the delivery worker is another process, so its backlog and failures are read from the
// outbox tables at scrape time.

registerDbGauge(
  'shabaash_webhook_deliveries_due',
  'Outgoing webhook deliveries due now and not yet sent (the delivery workers’ backlog).',
  [],
  countDueDeliveries,
);
registerDbGauge(
  'shabaash_webhook_backlog_age_seconds',
  'How long the oldest due outgoing webhook delivery has waited (0 without a backlog).',
  [],
  oldestDueDeliveryAge,
);
registerDbGauge(
  'shabaash_webhook_deliveries_retrying',
  'Outgoing webhook deliveries that failed at least once and wait for a retry.',
  [],
  countRetryingDeliveries,
);
registerDbGauge(
  'shabaash_webhook_endpoints_disabled',
  'Creator webhook endpoints disabled after WEBHOOK_DISABLE_AFTER_FAILURES failures in a row.',
  [],
  countDisabledEndpoints,
);
