import type { AlertSound } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';
import type { TipRecord } from '../../domain/tip.ts';
import { TIP_SELECT } from '../tips/tips.repository.ts';
import { tipFromRow, type TipRow } from '../tips/tips.row.ts';

// Alert receipts (migration 20261127150000): receipts on the tips row, the re-show claim, pause and resume.

/**
 * Records the first receipt of a live tip at `version` (the caller bumped the creator space after locking the
 * row with lockUnairedTip). The tip's `updated_at` stays: a receipt is not a moderation and must not reorder lists.
 */
export async function markAired(
  tx: Executor,
  tipId: string,
  sound: AlertSound,
  version: number,
): Promise<void> {
  await tx('tips')
    .where({ id: tipId })
    .update({ aired_at: tx.fn.now(), aired_sound: sound, aired_version: version, version });
}

/** Locks a creator's live, undeleted tip that has no receipt yet; undefined when there is none (aired already). */
export async function lockUnairedTip(
  tx: Executor,
  creatorId: string,
  tipId: string,
): Promise<{ id: string } | undefined> {
  return tx('tips')
    .where({ id: tipId, creator_id: creatorId, status: 'read' })
    .whereNull('deleted_at')
    .whereNull('aired_at')
    .forUpdate()
    .first<{ id: string } | undefined>('id');
}

const WITH_SENDER = `select ${TIP_SELECT}
   from claimed t left join users u on u.id = t.sender_id
   order by t.version`;

/**
 * Claims the live tips of several creators that no overlay acknowledged, pushed live in the last `windowMs` and not
 * held, for overlays that came back to show again: each is claimed once (`reshown_at`), so a second overlay, a
 * reconnect or another instance never shows it twice. Per creator, only tips that went live before its
 * `wentLiveBefore` (the moment its latest overlay came back: a later one reached that overlay live), oldest first,
 * at most its `limit`. ONE statement for every creator due (a deploy brings thousands of overlays back at once).
 */
export async function claimUnaired(
  db: Executor,
  windowMs: number,
  wanted: ReadonlyArray<{ creatorId: string; limit: number; wentLiveBefore: Date }>,
): Promise<TipRecord[]> {
  if (wanted.length === 0) return [];
  const result = await db.raw<{ rows: TipRow[] }>(
    `with claimed as (
       update tips set reshown_at = now()
       where id in (
         select due.id
           from unnest(?::uuid[], ?::timestamptz[], ?::int[]) as w(creator_id, went_live_before, lim)
           cross join lateral (
             select id from tips
             where creator_id = w.creator_id and status = 'read' and deleted_at is null and aired_at is null
               and reshown_at is null and not held and updated_at > now() - make_interval(secs => ?)
               and updated_at < w.went_live_before
             order by version limit w.lim
           ) due
       ) and reshown_at is null and aired_at is null
       returning *
     ) ${WITH_SENDER}`,
    [
      wanted.map((w) => w.creatorId),
      wanted.map((w) => w.wentLiveBefore),
      wanted.map((w) => w.limit),
      windowMs / 1000,
    ] as unknown as readonly string[], // JS arrays → PostgreSQL arrays
  );
  return result.rows.map(tipFromRow);
}

/** Whether a creator's alerts are paused (no row: playing) and how many live tips it holds. */
export async function findAlertsState(
  db: Executor,
  creatorId: string,
): Promise<{ paused: boolean; held: number }> {
  const result = await db.raw<{ rows: Array<{ paused: boolean; held: string }> }>(
    `select coalesce((select paused from creator_alerts where creator_id = ?), false) as paused,
            (select count(*) from tips where creator_id = ? and held and status = 'read' and deleted_at is null) as held`,
    [creatorId, creatorId],
  );
  const row = result.rows[0];
  return { paused: row?.paused ?? false, held: Number(row?.held ?? 0) };
}

/** Sets the paused flag (the tips trigger reads it when a tip goes live). */
export async function upsertAlertsPaused(tx: Executor, creatorId: string, paused: boolean): Promise<void> {
  await tx('creator_alerts')
    .insert({ creator_id: creatorId, paused, updated_at: tx.fn.now() })
    .onConflict('creator_id')
    .merge(['paused', 'updated_at']);
}

/**
 * Releases a creator's held tips (Resume): the live, undeleted ones in the order they went live (version), at
 * most `limit`; the held flag is cleared on every held row.
 */
export async function releaseHeld(tx: Executor, creatorId: string, limit: number): Promise<TipRecord[]> {
  const result = await tx.raw<{ rows: TipRow[] }>(
    `with claimed as (
       update tips set held = false where creator_id = ? and held returning *
     ) select * from (${WITH_SENDER}) r
     where r.status = 'read' and r.deleted_at is null
     order by r.version limit ?`,
    [creatorId, limit],
  );
  return result.rows.map(tipFromRow);
}

/** The creator's most recently pushed-live tip (what Replay puts back on air), with its sender. */
export async function latestLiveTip(db: Executor, creatorId: string): Promise<TipRecord | undefined> {
  const result = await db.raw<{ rows: TipRow[] }>(
    `with claimed as (
       select * from tips
       where creator_id = ? and status = 'read' and deleted_at is null and not held
       order by updated_at desc, created_at desc limit 1
     ) ${WITH_SENDER}`,
    [creatorId],
  );
  const row = result.rows[0];
  return row && tipFromRow(row);
}
