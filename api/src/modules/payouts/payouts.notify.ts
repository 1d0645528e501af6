import type { AppDeps } from '../../deps.ts';
import { payoutsSpace } from '../sync/spaces.ts';

/**
 * Tells the realtime hub that these creators' payouts spaces changed, after the transaction committed (the
 * database triggers already bumped the versions; the hub reads and pushes `payout:update`).
 */
export function payoutsChanged(deps: Pick<AppDeps, 'realtime'>, creatorIds: Iterable<string>): void {
  const spaces = [...new Set(creatorIds)].map(payoutsSpace);
  if (spaces.length > 0) deps.realtime.changed(spaces);
}
