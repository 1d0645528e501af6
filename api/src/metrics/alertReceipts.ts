import { countUnacknowledgedAlerts } from './metrics.repository.ts';
import { registerDbGauge } from './registry.ts';

registerDbGauge(
  'shabaash_alerts_unacknowledged',
  'Live alerts no overlay acknowledged within the receipt deadline (5 s), pushed live in the last 10 minutes, of creators whose overlay acknowledged another alert in that time.',
  [],
  countUnacknowledgedAlerts,
);
