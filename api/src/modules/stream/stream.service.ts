import crypto from 'node:crypto';
import {
  WIDGET_LIMITS,
  defaultWidgetSettings,
  type StreamState,
  type WebhookEvent,
  type WidgetSettings,
  type WidgetState,
} from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { Db, Executor } from '../../db/knex.ts';
import { notFound } from '../../http/errors.ts';
import { findOverlayByKey } from '../creators/overlay.repository.ts';
import { getSafety, onAirName } from '../safety/safety.service.ts';
import type { SafetyRecord } from '../safety/safety.repository.ts';
import { getShowSettings } from '../show/show.service.ts';
import { widgetTimer } from '../timer/timer.service.ts';
import { insertEvents } from '../webhooks/outbox.repository.ts';
import { nudgeYouTubeFollower } from '../youtube/liveChats.repository.ts';
import { NO_TOTALS, presentSession, presentSupporter, presentTotals } from './stream.presenter.ts';
import {
  endLiveSession,
  findLatestSession,
  findWidgetSettings,
  insertSession,
  sessionTotals,
  topSupporters,
  type SessionRow,
  type SupporterRow,
} from './stream.repository.ts';

/** A session's state; the top tip's name as it may go on air (a name the creator's lists refuse is "Anonymous"). */
async function stateOf(db: Executor, session: SessionRow | null): Promise<StreamState> {
  if (!session) return { session: null, totals: NO_TOTALS };
  const totals = await sessionTotals(db, session);
  const topName = totals.top_name && onAirName(await getSafety(db, session.creator_id), totals.top_name);
  return { session: presentSession(session), totals: presentTotals({ ...totals, top_name: topName }) };
}

/** A supporter as the widget shows them: a name the creator's current lists refuse is "Anonymous". */
const onAirSupporter = (safety: SafetyRecord) => (row: SupporterRow) =>
  presentSupporter({ ...row, name: onAirName(safety, row.name) });

/** The creator's latest session (live or ended) and its totals. */
export async function getStreamState(db: Executor, creatorId: string): Promise<StreamState> {
  return stateOf(db, await findLatestSession(db, creatorId));
}

/** One event per session and kind, so the same transition is never announced twice. */
const streamEvent = (creatorId: string, event: WebhookEvent, sessionId: string, data: unknown) => ({
  id: `evt_${crypto.createHash('sha256').update(`${creatorId}:${sessionId}:${event}`).digest('hex').slice(0, 32)}`,
  creatorId,
  event,
  data,
});

/** What starting and ending a stream use: the database and the realtime push. */
type StreamDeps = Pick<AppDeps, 'db' | 'realtime'>;

/**
 * "Start stream": opens a session and queues `stream.started` for subscribed webhook endpoints in the same
 * transaction; a session already live is answered as it is (no second event). Widgets and Chat Loaders hear it
 * as `stream:update`.
 */
export async function startStream(deps: StreamDeps, creatorId: string): Promise<StreamState> {
  const started = await deps.db.transaction(async (tx) => {
    const session = await insertSession(tx, creatorId);
    if (session) {
      await insertEvents(tx, [
        streamEvent(creatorId, 'stream.started', session.id, { session: presentSession(session) }),
      ]);
      // The YouTube follower of the creator's channel looks for the broadcast now (sent at commit).
      await nudgeYouTubeFollower(tx, creatorId);
    }
    return session;
  });
  const state = await getStreamState(deps.db, creatorId);
  if (started) deps.realtime.streamUpdated(creatorId, state.session);
  return state;
}

/** "End stream": ends the live session and queues `stream.ended` with its totals in the same transaction. */
export async function endStream(deps: StreamDeps, creatorId: string): Promise<StreamState> {
  const ended = await deps.db.transaction(async (tx) => {
    const session = await endLiveSession(tx, creatorId);
    if (!session) return null;
    const state = await stateOf(tx, session);
    await insertEvents(tx, [streamEvent(creatorId, 'stream.ended', session.id, state)]);
    return state;
  });
  if (!ended) return getStreamState(deps.db, creatorId);
  deps.realtime.streamUpdated(creatorId, ended.session);
  return ended;
}

/** A creator's widget settings: the stored ones over the defaults (a field added later gets its default). */
export async function getWidgetSettings(db: Executor, creatorId: string): Promise<WidgetSettings> {
  const defaults = defaultWidgetSettings();
  const stored = await findWidgetSettings(db, creatorId);
  if (!stored) return defaults;
  return {
    goal: { ...defaults.goal, ...stored.goal },
    qr: { ...defaults.qr, ...stored.qr },
    supporters: { ...defaults.supporters, ...stored.supporters },
  };
}

/** What the widgets draw for an overlay key (unknown or rotated key → 404). */
export async function widgetState(db: Db, overlayKey: string): Promise<WidgetState> {
  const profile = await findOverlayByKey(db, overlayKey);
  if (!profile) throw notFound('Overlay');
  const creatorId = profile.creatorId;
  const [widgets, show, session, safety, timer] = await Promise.all([
    getWidgetSettings(db, creatorId),
    getShowSettings(db, creatorId),
    findLatestSession(db, creatorId),
    getSafety(db, creatorId),
    widgetTimer(db, creatorId),
  ]);
  const [totals, supporters] = await Promise.all([
    stateOf(db, session),
    widgets.supporters.enabled
      ? topSupporters(db, creatorId, widgets.supporters.range, session, WIDGET_LIMITS.topSupporters)
      : [],
  ]);
  return {
    handle: profile.handle,
    language: show.language,
    widgets,
    session: totals.session,
    goal: { raised: totals.totals.amount, raisedPaise: totals.totals.amountPaise },
    supporters: supporters.map(onAirSupporter(safety)),
    timer,
  };
}
