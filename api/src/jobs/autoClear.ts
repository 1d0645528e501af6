import { LIMITS } from '@shabaash/shared';
import type { AppDeps } from '../deps.ts';
import { pruneIdempotencyKeys } from '../http/idempotency.ts';
import { pruneRateLimits } from '../http/rateLimit.ts';
import { pruneSpentPhoneTokens } from '../modules/auth/auth.repository.ts';
import { purgeErasedLinkedAccounts } from '../modules/payouts/linkedAccounts.repository.ts';
import { payoutRecordsCutoff } from '../modules/payouts/retention.ts';
import { creatorSpace } from '../modules/sync/spaces.ts';
import { creatorsWithTipsBefore, tombstoneTipsCreatedBefore } from '../modules/tips/tips.repository.ts';
import { repeatEvery } from './repeat.ts';

/** Advisory lock id of the auto-clear job (any constant unique among our advisory locks). */
export const AUTO_CLEAR_LOCK_ID = 0x5ab_0001;
const BATCH = 500;
const DEFAULT_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Tombstones every live chat created more than `olderThanMs` ago (default 24 h), as versioned deletes: one
 * version per tip in its creator's space, in batches of one transaction each, then announces each affected
 * space after its commit (tip:deleted to sockets). Returns how many chats were cleared.
 */
export async function clearOldChats(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  { olderThanMs = LIMITS.chatAutoClearMs }: { olderThanMs?: number } = {},
): Promise<number> {
  const before = new Date(Date.now() - olderThanMs);
  let cleared = 0;
  for (const creatorId of await creatorsWithTipsBefore(deps.db, before)) {
    for (;;) {
      const n = await deps.db.transaction((tx) => tombstoneTipsCreatedBefore(tx, creatorId, before, BATCH));
      if (n === 0) break;
      cleared += n;
      deps.realtime.changed([creatorSpace(creatorId)]);
      if (n < BATCH) break;
    }
  }
  return cleared;
}

/**
 * One run under the cluster-wide advisory lock: if another instance holds it, does nothing
 * (`{ ran: false }`). The lock is session-level on one dedicated pooled connection, released after the run
 * (and by PostgreSQL if this process dies). Also prunes Idempotency-Key responses older than 24 h, rate-limit
 * windows that ended over an hour ago, and deleted creators' payout accounts past their tax retention.
 */
export async function runAutoClearOnce(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  options: { olderThanMs?: number } = {},
): Promise<{ ran: boolean; cleared: number }> {
  const connection: unknown = await deps.db.client.acquireConnection();
  try {
    const locked = await deps.db
      .raw<{ rows: Array<{ locked: boolean }> }>('select pg_try_advisory_lock(?) as locked', [
        AUTO_CLEAR_LOCK_ID,
      ])
      .connection(connection);
    if (!locked.rows[0]?.locked) return { ran: false, cleared: 0 };
    try {
      const cleared = await clearOldChats(deps, options);
      await pruneIdempotencyKeys(deps.db, 24 * 60 * 60 * 1000);
      await pruneRateLimits(deps.db);
      await pruneSpentPhoneTokens(deps.db);
      await purgeErasedLinkedAccounts(deps.db, payoutRecordsCutoff(new Date()));
      return { ran: true, cleared };
    } finally {
      await deps.db.raw('select pg_advisory_unlock(?)', [AUTO_CLEAR_LOCK_ID]).connection(connection);
    }
  } finally {
    await deps.db.client.releaseConnection(connection);
  }
}

/**
 * Runs the auto-clear every `intervalMs` (default 5 min; first run at once) on whichever instance wins the
 * advisory lock; errors are logged, never thrown. Returns stop(), which waits for a run in progress.
 */
export function startAutoClearLoop(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'logger'>,
  options: { intervalMs?: number; olderThanMs?: number } = {},
): () => Promise<void> {
  return repeatEvery({
    job: 'auto-clear',
    everyMs: options.intervalMs ?? DEFAULT_INTERVAL_MS,
    firstNow: true,
    logger: deps.logger,
    failed: 'auto-clear failed',
    run: async () => {
      const { ran, cleared } = await runAutoClearOnce(deps, options);
      if (ran && cleared > 0) deps.logger.info({ cleared }, 'auto-clear tombstoned old chats');
    },
  });
}
