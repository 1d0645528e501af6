import { LIMITS } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { istClock } from './batchSchedule.ts';
import { boundedRunner } from './boundedRunner.ts';
import { claimBatch } from './claims.ts';
import { reconcileDisputeHolds } from './disputes.service.ts';
import { creatorsDueForBatch, releaseEarnings } from './earnings.repository.ts';
import { payoutsChanged } from './payouts.notify.ts';
import { reconcileReversals } from './reversals.service.ts';
import { reconcileTransfers, sendTransfer } from './transfers.service.ts';

/** Transfers one payout cycle keeps in flight at Razorpay at most (each call waits on the network). */
export const TRANSFERS_IN_FLIGHT = 24;

export interface PayoutCycleSummary {
  released: number;
  creators: number;
  transfers: number;
  reconciled: number;
}

/**
 * One run of the payout job: pending → available (hold window; Pro at once), then a batch for every creator
 * due (Pro over its window; Starter once a day from the batch hour IST, or `forceStarter`), then reconciliation.
 */
export async function runPayoutCycle(
  deps: AppDeps,
  opts: { now?: Date; forceStarter?: boolean; concurrency?: number; inFlight?: number } = {},
): Promise<PayoutCycleSummary> {
  const now = opts.now ?? new Date();
  const summary: PayoutCycleSummary = { released: 0, creators: 0, transfers: 0, reconciled: 0 };
  if (!deps.config.PAYOUTS_ROUTE_ENABLED) return summary;
  const holdMs = deps.config.PAYOUT_HOLD_HOURS * 3_600_000;
  for (;;) {
    const released = await releaseEarnings(deps.db, {
      holdMs,
      freeTierPaise: LIMITS.starterFreeTierPaise,
      limit: 5000,
    });
    summary.released += released.count;
    payoutsChanged(deps, released.creatorIds);
    if (released.count < 5000) break;
  }
  const clock = istClock(now);
  const starterDue = opts.forceStarter === true || clock.hour >= deps.config.PAYOUT_BATCH_HOUR_IST;
  const concurrency = Math.max(1, opts.concurrency ?? 8);
  // Claims run `concurrency` creators at a time (database work); their transfers go to Razorpay with at most
  // `inFlight` calls open. A transfer is recorded before its call either way, so a crash changes nothing.
  const sender = boundedRunner(Math.max(1, opts.inFlight ?? TRANSFERS_IN_FLIGHT), deps.logger);
  const seen = new Set<string>();
  for (;;) {
    const due = (
      await creatorsDueForBatch(deps.db, {
        freeTierPaise: LIMITS.starterFreeTierPaise,
        proWindowMs: deps.config.PAYOUT_PRO_WINDOW_MS,
        starterDue,
        todayIst: clock.date,
        limit: 500,
      })
    ).filter((id) => !seen.has(id));
    if (due.length === 0) break;
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        const creatorId = due[next++] as string;
        seen.add(creatorId);
        const transfers = await claimBatch(deps, creatorId, starterDue ? clock.date : null);
        summary.creators += 1;
        summary.transfers += transfers.length;
        payoutsChanged(deps, [creatorId]); // in transit now (or a debt recovered from available)
        for (const t of transfers) await sender.run(() => sendTransfer(deps, t));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
  await sender.drain();
  summary.reconciled =
    (await reconcileTransfers(deps, now)).checked +
    (await reconcileReversals(deps, now)) +
    (await reconcileDisputeHolds(deps, now));
  return summary;
}
