import crypto from 'node:crypto';
import {
  defaultTimerSettings,
  type CreatorTimer,
  type TimerRun,
  type TimerSettings,
  type WidgetTimer,
} from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/knex.ts';
import { countTimerEvent } from '../../metrics/timers.ts';
import { insertAuditRow } from '../ops/audit.repository.ts';
import { insertEvents } from '../webhooks/outbox.repository.ts';
import {
  endDueRuns,
  ensureTimer,
  findTimer,
  pauseRun,
  resumeRun,
  startRun,
  upsertTimerSettings,
  type TimerRow,
} from './timer.repository.ts';

// The subathon timer: the creator's settings, start/pause/resume from the Chat Loader, and the end, announced once.
// Tips add time in the database (the tips_subathon_timer_* triggers), never here.

/** Who the audit log names for a creator's own timer actions. */
const CREATOR_ACTOR = 'Creator (own timer)';

export function presentSettings(row: TimerRow | null): TimerSettings {
  const defaults = defaultTimerSettings();
  if (!row) return defaults;
  return {
    startMinutes: Math.round(row.start_seconds / 60),
    rateMode: row.rate_mode,
    secondsPerRupee: row.seconds_per_rupee,
    // Never set (timers saved per rupee only): the default tiers, ready for a switch to per tier.
    tierSeconds:
      row.rate_mode === 'rupee' && row.tier_seconds.length === 0 ? defaults.tierSeconds : row.tier_seconds,
    capMode: row.cap_mode,
    capMinutes: Math.round(row.cap_seconds / 60),
    countGuestTips: row.count_guest,
    countWalletTips: row.count_wallet,
    addOn: row.add_on,
    endingText: row.ending_text,
  };
}

/** The run as clients see it; an idle timer shows its starting time. */
export function presentRun(row: TimerRow | null): TimerRun {
  const now = row?.now ?? new Date();
  const idleMs = (row?.start_seconds ?? defaultTimerSettings().startMinutes * 60) * 1000;
  const status = row?.status ?? 'idle';
  return {
    status,
    endsAt: status === 'running' && row?.ends_at ? row.ends_at.toISOString() : null,
    remainingMs: status === 'paused' ? Number(row?.remaining_ms ?? 0) : status === 'idle' ? idleMs : null,
    addedSeconds: Number(row?.added_seconds ?? 0),
    serverNow: now.toISOString(),
  };
}

const present = (row: TimerRow | null): CreatorTimer => ({
  settings: presentSettings(row),
  run: presentRun(row),
});

export async function getCreatorTimer(db: Executor, creatorId: string): Promise<CreatorTimer> {
  return present(await findTimer(db, creatorId));
}

export async function getTimerRun(db: Executor, creatorId: string): Promise<TimerRun> {
  return presentRun(await findTimer(db, creatorId));
}

/** What the timer widget draws: the run and the ending text. */
export async function widgetTimer(db: Executor, creatorId: string): Promise<WidgetTimer> {
  const row = await findTimer(db, creatorId);
  return { ...presentRun(row), endingText: row?.ending_text ?? '' };
}

type TimerDeps = Pick<AppDeps, 'db' | 'realtime'>;

/** The audit row of a creator's own timer action (in the action's transaction). */
function auditTimer(tx: Executor, creatorId: string, action: string, before: unknown, after: unknown) {
  return insertAuditRow(tx, {
    operatorId: creatorId,
    operatorName: CREATOR_ACTOR,
    action: `timer.${action}`,
    targetKind: 'creator',
    targetId: creatorId,
    before,
    after,
    reason: null,
  });
}

/** Saves the settings; a running run keeps its end time (new rates apply to the next tips). */
export async function saveTimerSettings(
  deps: TimerDeps,
  creatorId: string,
  settings: TimerSettings,
): Promise<CreatorTimer> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await findTimer(tx, creatorId);
    const saved = await upsertTimerSettings(tx, creatorId, settings);
    await auditTimer(tx, creatorId, 'settings', before && presentSettings(before), presentSettings(saved));
    return saved;
  });
  countTimerEvent('settings');
  const timer = present(row);
  deps.realtime.timerUpdated(creatorId, timer.run, false);
  return timer;
}

const ACTIONS = { start: startRun, pause: pauseRun, resume: resumeRun } as const;
export type TimerAction = keyof typeof ACTIONS;

/**
 * Start, pause or resume from the Chat Loader. An action that does not apply (start while running, pause while
 * paused, a second device's double tap) answers the timer as it is and announces nothing.
 */
export async function timerAction(
  deps: TimerDeps,
  creatorId: string,
  action: TimerAction,
): Promise<CreatorTimer> {
  const changed = await deps.db.transaction(async (tx) => {
    await ensureTimer(tx, creatorId);
    const before = await findTimer(tx, creatorId);
    const row = await ACTIONS[action](tx, creatorId);
    if (row) await auditTimer(tx, creatorId, action, before && presentRun(before), presentRun(row));
    return row;
  });
  if (!changed) return getCreatorTimer(deps.db, creatorId);
  countTimerEvent(action);
  const timer = present(changed);
  deps.realtime.timerUpdated(creatorId, timer.run, false);
  return timer;
}

/** One event per run, so a run's end is never delivered as two events. */
const endedEventId = (creatorId: string, runId: string) =>
  `evt_${crypto.createHash('sha256').update(`${creatorId}:${runId}:timer.ended`).digest('hex').slice(0, 32)}`;

/**
 * Ends the runs whose time is up: `timer.ended` is written for webhooks in the ending transaction, and after the
 * commit the creator's rooms (bots) and widgets hear timer:ended. Several instances may run this at once; the
 * status guard in the UPDATE ends each run in exactly one of them. Returns how many runs ended.
 */
export async function endDueTimers(deps: TimerDeps, limit = 100): Promise<number> {
  const ended = await deps.db.transaction(async (tx) => {
    const rows = await endDueRuns(tx, limit);
    await insertEvents(
      tx,
      rows.map((row) => ({
        id: endedEventId(row.creator_id, row.run_id ?? ''),
        creatorId: row.creator_id,
        event: 'timer.ended',
        data: { run: presentRun(row) },
      })),
    );
    return rows;
  });
  if (ended.length > 0) countTimerEvent('ended', ended.length);
  for (const row of ended) deps.realtime.timerUpdated(row.creator_id, presentRun(row), true);
  return ended.length;
}
