import { setTimeout as sleep } from 'node:timers/promises';
import type { Executor } from '../src/db/knex.ts';

/**
 * Waits, when needed, until the database clock's current minute has at least `needMs` left: the rate limits count
 * in fixed one-minute windows, so a test that counts up to a limit must not straddle a window's end (the count
 * would restart half-way and let more through).
 */
export async function withinOneMinuteWindow(db: Executor, needMs = 20_000): Promise<void> {
  const { rows } = await db.raw<{ rows: Array<{ left_ms: string }> }>(
    `select (60000 - extract(epoch from now() - date_trunc('minute', now())) * 1000)::int as left_ms`,
  );
  const leftMs = Number(rows[0]?.left_ms ?? 60_000);
  if (leftMs < needMs) await sleep(leftMs + 50);
}
