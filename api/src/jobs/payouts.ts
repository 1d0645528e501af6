import type { AppDeps } from '../deps.ts';
import { runPayoutCycle, type PayoutCycleSummary } from '../modules/payouts/payoutCycle.ts';
import { repeatEvery } from './repeat.ts';

/** Advisory lock id of the payout job (unique among our advisory locks). */
export const PAYOUT_LOCK_ID = 0x5ab_0013;

/**
 * One payout cycle under the cluster-wide advisory lock (session-level on one dedicated connection, released
 * after the run, and by PostgreSQL if this process dies): `{ ran: false }` when another instance holds it.
 */
export async function runPayoutsOnce(
  deps: AppDeps,
  opts: Parameters<typeof runPayoutCycle>[1] = {},
): Promise<{ ran: boolean; summary: PayoutCycleSummary | null }> {
  const connection: unknown = await deps.db.client.acquireConnection();
  try {
    const locked = await deps.db
      .raw<{ rows: Array<{ locked: boolean }> }>('select pg_try_advisory_lock(?) as locked', [PAYOUT_LOCK_ID])
      .connection(connection);
    if (!locked.rows[0]?.locked) return { ran: false, summary: null };
    try {
      return { ran: true, summary: await runPayoutCycle(deps, opts) };
    } finally {
      await deps.db.raw('select pg_advisory_unlock(?)', [PAYOUT_LOCK_ID]).connection(connection);
    }
  } finally {
    await deps.db.client.releaseConnection(connection);
  }
}

/** Runs the payout job every PAYOUT_TICK_MS; errors are logged, never thrown. Returns stop(), which waits for a run. */
export function startPayoutLoop(deps: AppDeps): () => Promise<void> {
  return repeatEvery({
    job: 'payouts',
    everyMs: deps.config.PAYOUT_TICK_MS,
    firstNow: false,
    logger: deps.logger,
    failed: 'payout cycle failed',
    run: async () => {
      const { summary } = await runPayoutsOnce(deps);
      if (summary && (summary.transfers > 0 || summary.released > 0))
        deps.logger.info({ job: 'payouts', ...summary }, 'payout cycle');
    },
  });
}
