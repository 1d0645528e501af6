import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/knex.ts';
import { sendNotify } from '../db/notify.ts';
import type { ShowMessage } from '@shabaash/shared';
import type { Logger } from '../logger.ts';
import { buildPayloads, createPendingNews } from './fanoutNews.ts';
import { keepListening } from './listenConnection.ts';
import {
  NOTIFY_CHANNEL,
  parseNotifyPayload,
  type NotifyPayload,
  type ParsedNotifyPayload,
} from './notifyPayload.ts';
import type { OverlayCounts } from './presence.ts';

/** What this instance does with another instance's notification. */
export interface FanoutHandlers {
  revoked(userId: string, sessionId: string | null): void;
  rotated(creatorId: string): void;
  suspended(creatorId: string): void;
  apiTokenRevoked(tokenId: string): void;
  /** A creator removed this moderator: their sockets granted that creator's chats close. */
  moderatorRemoved(creatorId: string, userId: string): void;
  presence(creatorId: string, instance: string, counts: OverlayCounts): void;
  /** Another instance asks for this instance's presence counts. */
  ask(): void;
  /** A space changed elsewhere; `version` is what that instance fully published, when known. */
  changed(space: string, version: number | null): void;
  overlayChanged(creatorId: string): Promise<void>;
  /** A stream session of this creator started or ended elsewhere. */
  streamChanged(creatorId: string): Promise<void>;
  /** A show moment for a creator's overlays (test alert, speech ready, skip reading). */
  show(creatorId: string, message: ShowMessage): void;
  /** A creator's subathon timer changed (or ended) elsewhere. */
  timerChanged(creatorId: string, ended: boolean): Promise<void>;
  /** A creator's alerts were paused or resumed elsewhere. */
  alertsChanged(creatorId: string): Promise<void>;
  /** A creator's YouTube live-chat follower changed state on another instance. */
  youtubeChanged(creatorId: string): Promise<void>;
  /** The LISTEN connection came back: notifications sent meanwhile are lost. */
  reconnected(): void;
}

/** What this instance tells the others, coalesced over a short window into as few NOTIFYs as fit. */
export interface Fanout {
  readonly instanceId: string;
  space(space: string): void;
  overlay(creatorId: string): void;
  stream(creatorId: string): void;
  timer(creatorId: string, ended: boolean): void;
  alerts(creatorId: string): void;
  youtube(creatorId: string): void;
  revoked(userId: string, sessionId: string | null): void;
  rotated(creatorId: string): void;
  suspended(creatorId: string): void;
  apiTokenRevoked(tokenId: string): void;
  moderatorRemoved(creatorId: string, userId: string): void;
  presence(creatorId: string): void;
  show(creatorId: string, message: ShowMessage): void;
  /** Sends every pending NOTIFY now. */
  flush(): Promise<void>;
  /** Resolves once the LISTEN connection is up. */
  ready(): Promise<void>;
  /** Whether the LISTEN connection is up now (false while it reconnects: other instances' news is missed). */
  isListening(): boolean;
  /** Stops the coalescing timer (pending items wait for an explicit flush). */
  stopTimer(): void;
  /** Ends the LISTEN connection. */
  end(): Promise<void>;
  stats(): { notifiesSent: number; notificationsReceived: number };
}

export function createFanout(deps: {
  db: Executor;
  databaseUrl: string;
  log: Logger;
  coalesceMs: number;
  /**
   * Overlay counts wait up to this long (ms) unless other news goes first: a storm of overlays coming back moves
   * the counts thousands of times a second, and each NOTIFY is a statement here and a wakeup on every instance.
   */
  presenceCoalesceMs: number;
  isClosed(): boolean;
  /** The version of a space this instance has fully published (null when unknown or still publishing). */
  publishedVersion(space: string): Promise<number | null>;
  localPresence(creatorId: string): OverlayCounts;
  handlers: FanoutHandlers;
}): Fanout {
  const { db, log, handlers } = deps;
  const instanceId = randomUUID();
  const ownPrefix = `{"instance":${JSON.stringify(instanceId)},`;
  const counters = { notifiesSent: 0, notificationsReceived: 0 };
  const pending = createPendingNews();
  let flushTimer: NodeJS.Timeout | null = null;
  /** When the armed flush runs (ms since the epoch). */
  let flushAt = 0;

  /** Flushes within `withinMs` (the armed flush is kept when it runs sooner). */
  function armFlush(withinMs = deps.coalesceMs): void {
    if (deps.isClosed()) return;
    const at = Date.now() + withinMs;
    if (flushTimer) {
      if (flushAt <= at) return;
      clearTimeout(flushTimer);
    }
    flushAt = at;
    flushTimer = setTimeout(() => {
      flushTimer = null;
      void flush();
    }, withinMs);
  }

  /** Takes everything pending (nothing is pending afterwards) into payloads. */
  async function takePayloads(): Promise<NotifyPayload[]> {
    const { spaces, news } = pending.take(deps.localPresence);
    // The version sent is only one this instance has fully published (so a receiver that already has it may skip).
    const changes = await Promise.all(
      spaces.map(async (space) => ({ space, version: await deps.publishedVersion(space) })),
    );
    return buildPayloads(instanceId, { ...news, changes });
  }

  async function flush(): Promise<void> {
    if (pending.isEmpty()) return;
    for (const payload of await takePayloads()) {
      try {
        await sendNotify(db, NOTIFY_CHANNEL, JSON.stringify(payload));
        counters.notifiesSent++;
      } catch (err) {
        log.error({ err }, 'NOTIFY failed; other instances catch up on the next change of these spaces');
      }
    }
  }

  async function onNotification(payloadText: string | undefined): Promise<void> {
    counters.notificationsReceived++;
    // This instance's own news comes back too (buildPayloads puts `instance` first): it acted on it already.
    if (payloadText?.startsWith(ownPrefix)) return;
    const payload = parseNotifyPayload(payloadText);
    if (!payload) {
      log.warn({ payloadText }, 'ignoring a malformed notification');
      return;
    }
    if (payload.instance === instanceId) return;
    await deliver(payload, handlers);
  }

  const listening = keepListening({
    databaseUrl: deps.databaseUrl,
    log,
    isClosed: deps.isClosed,
    onNotification: (text) => void onNotification(text),
    onConnected(reconnected) {
      if (reconnected) handlers.reconnected();
      // Learn the other instances' overlay counts now rather than at their next refresh.
      pending.ask();
      armFlush();
    },
  });

  /** Adds news and flushes within `withinMs` (the news window unless said otherwise). */
  const queue =
    <A extends unknown[]>(add: (...args: A) => void, withinMs = deps.coalesceMs) =>
    (...args: A) => {
      add(...args);
      armFlush(withinMs);
    };

  return {
    instanceId,
    space: queue((space: string) => pending.sets.spaces.add(space)),
    overlay: queue((creatorId: string) => pending.sets.overlays.add(creatorId)),
    stream: queue((creatorId: string) => pending.sets.streams.add(creatorId)),
    timer: queue((creatorId: string, ended: boolean) => pending.lists.timers.push({ creatorId, ended })),
    alerts: queue((creatorId: string) => pending.sets.alerts.add(creatorId)),
    youtube: queue((creatorId: string) => pending.sets.youtube.add(creatorId)),
    revoked: queue((userId: string, sessionId: string | null) =>
      pending.lists.revoked.push({ userId, sessionId }),
    ),
    rotated: queue((creatorId: string) => pending.sets.rotated.add(creatorId)),
    suspended: queue((creatorId: string) => pending.sets.suspended.add(creatorId)),
    apiTokenRevoked: queue((tokenId: string) => pending.sets.revokedApiTokens.add(tokenId)),
    moderatorRemoved: queue((creatorId: string, userId: string) =>
      pending.lists.removedModerators.push({ creatorId, userId }),
    ),
    // Counts ride with the next news, or go on their own within presenceCoalesceMs.
    presence: queue((creatorId: string) => pending.sets.presence.add(creatorId), deps.presenceCoalesceMs),
    show: queue((creatorId: string, message: ShowMessage) =>
      pending.lists.shows.push({ creatorId, message }),
    ),
    flush,
    ready: listening.ready,
    isListening: listening.isListening,
    stopTimer() {
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
    },
    end: listening.end,
    stats: () => ({ ...counters }),
  };
}

/** Hands another instance's news to this instance's handlers, revocations first. */
export async function deliver(payload: ParsedNotifyPayload, handlers: FanoutHandlers): Promise<void> {
  for (const entry of payload.revoked ?? []) handlers.revoked(entry.userId, entry.sessionId);
  for (const creatorId of payload.rotated ?? []) handlers.rotated(creatorId);
  for (const creatorId of payload.suspended ?? []) handlers.suspended(creatorId);
  for (const tokenId of payload.revokedApiTokens ?? []) handlers.apiTokenRevoked(tokenId);
  for (const entry of payload.removedModerators ?? [])
    handlers.moderatorRemoved(entry.creatorId, entry.userId);
  for (const entry of payload.presence ?? []) handlers.presence(entry.creatorId, payload.instance, entry);
  if (payload.ask) handlers.ask();
  for (const change of payload.changes) handlers.changed(change.space, change.version);
  for (const entry of payload.shows ?? []) handlers.show(entry.creatorId, entry.message);
  for (const creatorId of payload.overlays) await handlers.overlayChanged(creatorId);
  for (const creatorId of payload.streams ?? []) await handlers.streamChanged(creatorId);
  for (const entry of payload.timers ?? []) await handlers.timerChanged(entry.creatorId, entry.ended);
  for (const creatorId of payload.alerts ?? []) await handlers.alertsChanged(creatorId);
  for (const creatorId of payload.youtube ?? []) await handlers.youtubeChanged(creatorId);
}
