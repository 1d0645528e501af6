import type { TimerSettings, TimerStatus } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';

/** A creator's timer row: settings and the current run (times as the database keeps them). */
export interface TimerRow {
  creator_id: string;
  start_seconds: number;
  rate_mode: TimerSettings['rateMode'];
  seconds_per_rupee: number;
  tier_seconds: TimerSettings['tierSeconds'];
  cap_mode: TimerSettings['capMode'];
  cap_seconds: number;
  count_guest: boolean;
  count_wallet: boolean;
  add_on: TimerSettings['addOn'];
  ending_text: string;
  run_id: string | null;
  status: TimerStatus;
  started_at: Date | null;
  ends_at: Date | null;
  remaining_ms: string | number | null;
  added_seconds: string | number;
  ended_at: Date | null;
  /** The database's clock when the row was read (remaining time is measured against it, not this process's). */
  now: Date;
}

const SELECT = 'subathon_timers.*, clock_timestamp() as now';

/** The creator's timer; null before the creator saved settings or started one. */
export async function findTimer(db: Executor, creatorId: string): Promise<TimerRow | null> {
  return (
    (await db('subathon_timers')
      .where({ creator_id: creatorId })
      .first<TimerRow | undefined>(db.raw(SELECT))) ?? null
  );
}

/** Saves the settings (a running run keeps its end time; the new rates apply to the next tips). */
export async function upsertTimerSettings(
  tx: Executor,
  creatorId: string,
  settings: TimerSettings,
): Promise<TimerRow> {
  const columns = {
    start_seconds: settings.startMinutes * 60,
    rate_mode: settings.rateMode,
    seconds_per_rupee: settings.secondsPerRupee,
    // jsonb: an array must travel as JSON text (pg would send a JS array as a PostgreSQL array).
    tier_seconds: JSON.stringify([...settings.tierSeconds].sort((a, b) => a.minAmount - b.minAmount)),
    cap_mode: settings.capMode,
    cap_seconds: settings.capMinutes * 60,
    count_guest: settings.countGuestTips,
    count_wallet: settings.countWalletTips,
    add_on: settings.addOn,
    ending_text: settings.endingText,
    updated_at: tx.raw('now()'),
  };
  const [row] = await tx('subathon_timers')
    .insert({ creator_id: creatorId, ...columns })
    .onConflict('creator_id')
    .merge(columns)
    .returning<TimerRow[]>(tx.raw(SELECT));
  if (!row) throw new Error('timer settings upsert returned no row');
  return row;
}

/** Makes sure the creator has a row (the defaults), so a start without saved settings has one to run. */
export async function ensureTimer(tx: Executor, creatorId: string): Promise<void> {
  await tx('subathon_timers').insert({ creator_id: creatorId }).onConflict('creator_id').ignore();
}

/**
 * Starts a new run from the starting time unless one is running or paused; null when one was (nothing changed).
 * A capped total never starts above its cap.
 */
export async function startRun(tx: Executor, creatorId: string): Promise<TimerRow | null> {
  const result = await tx.raw<{ rows: TimerRow[] }>(
    `update subathon_timers set run_id = gen_random_uuid(), status = 'running',
       started_at = clock_timestamp(),
       ends_at = clock_timestamp() + make_interval(secs => case when cap_mode = 'none' then start_seconds
         else least(start_seconds, cap_seconds) end),
       remaining_ms = null, added_seconds = 0, ended_at = null, updated_at = now()
     where creator_id = ?::uuid and status in ('idle', 'ended')
     returning ${SELECT}`,
    [creatorId],
  );
  return result.rows[0] ?? null;
}

/** Pauses a running run that has time left, keeping the time left; null when none was running. */
export async function pauseRun(tx: Executor, creatorId: string): Promise<TimerRow | null> {
  const result = await tx.raw<{ rows: TimerRow[] }>(
    `update subathon_timers set status = 'paused',
       remaining_ms = (extract(epoch from (ends_at - clock_timestamp())) * 1000)::bigint,
       ends_at = null, updated_at = now()
     where creator_id = ?::uuid and status = 'running' and ends_at > clock_timestamp()
     returning ${SELECT}`,
    [creatorId],
  );
  return result.rows[0] ?? null;
}

/** Resumes a paused run: the end is now plus the time it had left; null when none was paused. */
export async function resumeRun(tx: Executor, creatorId: string): Promise<TimerRow | null> {
  const result = await tx.raw<{ rows: TimerRow[] }>(
    `update subathon_timers set status = 'running',
       ends_at = clock_timestamp() + make_interval(secs => remaining_ms / 1000.0::double precision),
       remaining_ms = null, updated_at = now()
     where creator_id = ?::uuid and status = 'paused'
     returning ${SELECT}`,
    [creatorId],
  );
  return result.rows[0] ?? null;
}

/**
 * Ends every run whose end time has passed, up to `limit`: the status guard makes exactly one statement (of any
 * instance) end each run, so its end is announced once.
 */
export async function endDueRuns(tx: Executor, limit: number): Promise<TimerRow[]> {
  const result = await tx.raw<{ rows: TimerRow[] }>(
    `update subathon_timers set status = 'ended', ended_at = ends_at, updated_at = now()
     where creator_id in (select creator_id from subathon_timers
       where status = 'running' and ends_at <= clock_timestamp()
       order by ends_at limit ? for update skip locked)
       and status = 'running'
     returning ${SELECT}`,
    [limit],
  );
  return result.rows;
}

/** How many seconds each tip added to the creator's current run (tests and the operator's view). */
export async function runTips(
  db: Executor,
  runId: string,
): Promise<Array<{ tipId: string; addedSeconds: number }>> {
  const rows = await db('subathon_timer_tips')
    .where({ run_id: runId })
    .select<Array<{ tipId: string; addedSeconds: number }>>(
      'tip_id as tipId',
      'added_seconds as addedSeconds',
    );
  return rows;
}

/** Timers counting down now (metrics). */
export async function countRunningTimers(db: Executor): Promise<number> {
  const row = await db('subathon_timers').where({ status: 'running' }).count<{ n: string }>('* as n').first();
  return Number(row?.n ?? 0);
}

/** Seconds tips added over every run (metrics). */
export async function sumTimerSecondsAdded(db: Executor): Promise<number> {
  const row = await db('subathon_timer_tips').sum<{ s: string | null }>('added_seconds as s').first();
  return Number(row?.s ?? 0);
}
