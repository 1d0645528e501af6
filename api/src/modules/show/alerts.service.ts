import {
  ALERT_RESHOW_WINDOW_MS,
  type AlertShowReason,
  type AlertSound,
  type AlertsState,
  type Tip,
} from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';
import type { AppDeps } from '../../deps.ts';
import { bumpSpace, creatorSpace } from '../sync/spaces.ts';
import type { TipRecord } from '../../domain/tip.ts';
import { presentTip } from '../tips/tips.presenter.ts';
import {
  claimUnaired,
  findAlertsState,
  latestLiveTip,
  lockUnairedTip,
  markAired,
  releaseHeld,
  upsertAlertsPaused,
} from './alerts.repository.ts';

// Alert receipts: what an overlay's acknowledgement records, and the alerts put (back) on air by Replay, Resume
// and an overlay's return (docs/ARCHITECTURE.md, "Alert receipts").

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Alerts per `alert:show` message (each travels whole in one NOTIFY, under 8 KB). */
export const ALERTS_PER_MESSAGE = 5;
/** Held alerts one Resume plays; older ones stay live in the Chat Loader without an alert. */
const MAX_RESUMED = 50;
/** Unacknowledged alerts re-shown to an overlay that comes back. */
const MAX_RESHOWN = 10;

/** A tip as overlay rooms see it (no phone). */
const asAlert = (tip: TipRecord): Tip => presentTip(tip, { includePhone: false });

/**
 * Records the first receipt of a creator's live tip: `aired` (now, and its sound) at the next version of the
 * creator space, announced after the commit (creator rooms and bots get `tip:aired`, webhooks `tip.aired`). A
 * second receipt (another overlay, a resent acknowledgement, a replay), a test alert, or a tip that is not live
 * changes nothing. True when this call recorded it.
 */
export async function recordReceipt(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  creatorId: string,
  tipId: string,
  sound: AlertSound,
): Promise<boolean> {
  if (!UUID.test(tipId)) return false;
  const space = creatorSpace(creatorId);
  const recorded = await deps.db.transaction(async (tx) => {
    if (!(await lockUnairedTip(tx, creatorId, tipId))) return false;
    await markAired(tx, tipId, sound, await bumpSpace(tx, space));
    return true;
  });
  if (recorded) deps.realtime.changed([space]);
  return recorded;
}

/**
 * The live tips no overlay acknowledged (pushed live in the last ten minutes) of every creator whose overlays came
 * back (one `cameBackAt` per overlay), claimed in ONE statement: each tip goes to the first of its creator's
 * overlays that came back after it went live (a tip that went live later reached that overlay live), so a second
 * overlay or a second return never gets it again. The answer is, per creator, one list per `cameBackAt`, in the
 * order given.
 */
export async function claimReshows(
  db: Executor,
  cameBack: ReadonlyMap<string, readonly Date[]>,
): Promise<Map<string, Tip[][]>> {
  const perCreator = new Map<string, { order: Array<{ at: number; i: number }>; lists: Tip[][] }>();
  const wanted = [];
  for (const [creatorId, ats] of cameBack) {
    if (ats.length === 0) continue;
    const order = ats.map((at, i) => ({ at: at.getTime(), i })).sort((a, b) => a.at - b.at);
    perCreator.set(creatorId, { order, lists: ats.map(() => []) });
    wanted.push({
      creatorId,
      limit: MAX_RESHOWN * ats.length,
      wentLiveBefore: new Date(order[order.length - 1]!.at),
    });
  }
  for (const row of await claimUnaired(db, ALERT_RESHOW_WINDOW_MS, wanted)) {
    const { order, lists } = perCreator.get(row.creatorId)!;
    const wentLive = row.updatedAt.getTime();
    const first = order.find((o) => wentLive < o.at) ?? order[order.length - 1]!;
    lists[first.i]!.push(asAlert(row));
  }
  const answer = new Map<string, Tip[][]>();
  for (const [creatorId, ats] of cameBack)
    answer.set(creatorId, perCreator.get(creatorId)?.lists ?? ats.map(() => []));
  return answer;
}

/** The `alert:show` messages that play these alerts in turn. */
export function alertShowMessages(reason: AlertShowReason, tips: Tip[]) {
  const messages = [];
  for (let i = 0; i < tips.length; i += ALERTS_PER_MESSAGE) {
    messages.push({
      type: 'alert:show' as const,
      data: { reason, tips: tips.slice(i, i + ALERTS_PER_MESSAGE) },
    });
  }
  return messages;
}

export function getAlerts(db: Executor, creatorId: string): Promise<AlertsState> {
  return findAlertsState(db, creatorId);
}

/**
 * Pause alerts: tips pushed live from now on are held (the tips trigger), shown in the Chat Loader but not on the
 * overlay. Resume: the held ones play on every connected overlay in the order they went live; an overlay that is
 * not connected gets them when it comes back (they have no receipt).
 */
export async function setAlertsPaused(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  creatorId: string,
  paused: boolean,
): Promise<AlertsState> {
  const released = await deps.db.transaction(async (tx) => {
    await upsertAlertsPaused(tx, creatorId, paused);
    return paused ? [] : releaseHeld(tx, creatorId, MAX_RESUMED);
  });
  for (const message of alertShowMessages('resume', released.map(asAlert)))
    deps.realtime.showEvent(creatorId, message);
  const state = await findAlertsState(deps.db, creatorId);
  deps.realtime.alertsUpdated(creatorId, state);
  return state;
}

/** Replay: the creator's most recently pushed-live tip plays again on every connected overlay. */
export async function replayLastAlert(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  creatorId: string,
): Promise<{ tipId: string | null }> {
  const row = await latestLiveTip(deps.db, creatorId);
  if (!row) return { tipId: null };
  for (const message of alertShowMessages('replay', [asAlert(row)]))
    deps.realtime.showEvent(creatorId, message);
  return { tipId: row.id };
}
