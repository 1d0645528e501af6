import type { AppDeps } from '../deps.ts';
import { hasFinishedRun } from '../modules/ops/reconciliationRuns.repository.ts';
import { istYesterday, reconcileDay, type RunOutcome } from '../modules/ops/reconciliation.service.ts';
import { repeatEvery } from './repeat.ts';

/** How often the loop looks whether yesterday is reconciled yet. */
export const DAILY_RECON_CHECK_MS = 15 * 60_000;
/** Yesterday is reconciled from this IST hour on (Razorpay's reports of the day are complete by then). */
export const DAILY_RECON_HOUR_IST = 6;

const istHour = (now: Date) => new Date(now.getTime() + 330 * 60_000).getUTCHours();

/**
 * Reconciles yesterday (IST) once it is past DAILY_RECON_HOUR_IST and no run of it has finished: a failed run
 * (Razorpay unreachable) is tried again at the next check, and a restart never skips a day. Null when there was
 * nothing to do or another instance holds the reconciliation lock.
 */
export async function runDailyReconciliationOnce(
  deps: Pick<AppDeps, 'db' | 'payments' | 'logger'>,
  now = new Date(),
): Promise<RunOutcome | null> {
  if (istHour(now) < DAILY_RECON_HOUR_IST) return null;
  const day = istYesterday(now);
  if (await hasFinishedRun(deps.db, day)) return null;
  return reconcileDay(deps, day, { trigger: 'job' });
}

/** Checks every DAILY_RECON_CHECK_MS; errors are logged, never thrown. Returns stop(), which waits for a run. */
export function startDailyReconciliationLoop(deps: AppDeps): () => Promise<void> {
  return repeatEvery({
    job: 'daily-reconciliation',
    everyMs: DAILY_RECON_CHECK_MS,
    firstNow: false,
    logger: deps.logger,
    failed: 'daily reconciliation failed',
    run: async () => {
      const outcome = await runDailyReconciliationOnce(deps);
      if (outcome)
        deps.logger[outcome.found > 0 ? 'warn' : 'info'](
          { job: 'daily-reconciliation', ...outcome },
          outcome.found > 0 ? 'reconciliation found differences' : 'reconciliation run',
        );
    },
  });
}
