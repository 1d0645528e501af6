import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Executor } from '../db/knex.ts';
import { openListener, sendNotify } from '../db/notify.ts';
import type { ShowMessage } from '@shabaash/shared';
import type { Logger } from '../logger.ts';
import {
  NOTIFY_CHANNEL,
  parseNotifyPayload,
  type NotifyPayload,
  type ParsedNotifyPayload,
} from './notifyPayload.ts';
import type { OverlayCounts } from './presence.ts';
import { sleep } from './types.ts';

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
  /** A stream session of this creator started or ended elsewhere (issue 14). */
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
  isClosed(): boolean;
  /** The version of a space this instance has fully published (null when unknown or still publishing). */
  publishedVersion(space: string): Promise<number | null>;
  localPresence(creatorId: string): OverlayCounts;
  handlers: FanoutHandlers;
}): Fanout {
  const { db, log, handlers } = deps;
  const instanceId = randomUUID();
  const counters = { notifiesSent: 0, notificationsReceived: 0 };
  const pending = createPendingNews();
  let flushTimer: NodeJS.Timeout | null = null;

  function armFlush(): void {
    if (flushTimer || deps.isClosed()) return;
    flushTimer = setTimeout(() => {
      flushTimer = null;
      void flush();
    }, deps.coalesceMs);
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

  const queue =
    <A extends unknown[]>(add: (...args: A) => void) =>
    (...args: A) => {
      add(...args);
      armFlush();
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
    presence: queue((creatorId: string) => pending.sets.presence.add(creatorId)),
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

/**
 * The news this instance has not yet announced: sets where a repeat says nothing new (a space, a creator), lists
 * where each entry counts (a revocation, a show moment), and whether to ask for the others' presence.
 */
function createPendingNews() {
  const sets = {
    spaces: new Set<string>(),
    overlays: new Set<string>(),
    streams: new Set<string>(),
    alerts: new Set<string>(),
    youtube: new Set<string>(),
    rotated: new Set<string>(),
    suspended: new Set<string>(),
    revokedApiTokens: new Set<string>(),
    presence: new Set<string>(),
  };
  const lists = {
    timers: [] as PendingNews['timers'],
    revoked: [] as PendingNews['revoked'],
    removedModerators: [] as PendingNews['removedModerators'],
    shows: [] as PendingNews['shows'],
  };
  let ask = false;
  return {
    sets,
    lists,
    ask() {
      ask = true;
    },
    isEmpty(): boolean {
      return (
        !ask &&
        Object.values(sets).every((set) => set.size === 0) &&
        Object.values(lists).every((list) => list.length === 0)
      );
    },
    /** Everything pending, emptied: the spaces (their versions are read by the caller) and the rest of the news. */
    take(localPresence: (creatorId: string) => OverlayCounts): {
      spaces: string[];
      news: Omit<PendingNews, 'changes'>;
    } {
      const drain = (set: Set<string>) => {
        const all = [...set];
        set.clear();
        return all;
      };
      const news = {
        overlays: drain(sets.overlays),
        streams: drain(sets.streams),
        alerts: drain(sets.alerts),
        youtube: drain(sets.youtube),
        rotated: drain(sets.rotated),
        suspended: drain(sets.suspended),
        revokedApiTokens: drain(sets.revokedApiTokens),
        presence: drain(sets.presence).map((creatorId) => ({ creatorId, ...localPresence(creatorId) })),
        timers: lists.timers.splice(0),
        revoked: lists.revoked.splice(0),
        removedModerators: lists.removedModerators.splice(0),
        shows: lists.shows.splice(0),
        ask,
      };
      ask = false;
      return { spaces: drain(sets.spaces), news };
    },
  };
}

/** Hands another instance's news to this instance's handlers, revocations first. */
async function deliver(payload: ParsedNotifyPayload, handlers: FanoutHandlers): Promise<void> {
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

interface PendingNews {
  changes: Array<{ space: string; version: number | null }>;
  overlays: string[];
  streams: string[];
  /** Creators whose subathon timer changed; `ended`: the change was its end. */
  timers: Array<{ creatorId: string; ended: boolean }>;
  /** Creators whose alerts were paused or resumed. */
  alerts: string[];
  /** Creators whose YouTube live-chat follower changed state. */
  youtube: string[];
  revoked: Array<{ userId: string; sessionId: string | null }>;
  rotated: string[];
  suspended: string[];
  revokedApiTokens: string[];
  removedModerators: Array<{ creatorId: string; userId: string }>;
  presence: Array<{ creatorId: string } & OverlayCounts>;
  /** Small messages (a test tip, or up to 5 alerts of alert:show, each a tip of at most 280 characters). */
  shows: Array<{ creatorId: string; message: ShowMessage }>;
  ask: boolean;
}

/** Splits pending news into payloads under PostgreSQL's 8,000-byte NOTIFY limit. */
export function buildPayloads(instance: string, news: PendingNews): NotifyPayload[] {
  const payloads: NotifyPayload[] = [];
  const empty = () => ({ instance, changes: [] as PendingNews['changes'], overlays: [] as string[] });
  let current: NotifyPayload & ReturnType<typeof empty> = empty();
  for (const change of news.changes) {
    current.changes.push(change);
    if (JSON.stringify(current).length > 7000) {
      payloads.push(current);
      current = empty();
    }
  }
  current.overlays = news.overlays;
  if (news.streams.length > 0) current.streams = news.streams;
  if (news.timers.length > 0) current.timers = news.timers;
  if (news.alerts.length > 0) current.alerts = news.alerts;
  if (news.youtube.length > 0) current.youtube = news.youtube;
  if (news.revoked.length > 0) current.revoked = news.revoked;
  if (news.rotated.length > 0) current.rotated = news.rotated;
  if (news.suspended.length > 0) current.suspended = news.suspended;
  if (news.revokedApiTokens.length > 0) current.revokedApiTokens = news.revokedApiTokens;
  if (news.removedModerators.length > 0) current.removedModerators = news.removedModerators;
  if (news.ask) current.ask = true;
  payloads.push(current);
  // Show moments packed by size (an alert:show of 5 tips is ~4 KB): each payload stays under 8 KB.
  let shows: PendingNews['shows'] = [];
  for (const show of news.shows) {
    if (shows.length > 0 && JSON.stringify([...shows, show]).length > 7000) {
      payloads.push({ ...empty(), shows });
      shows = [];
    }
    shows.push(show);
  }
  if (shows.length > 0) payloads.push({ ...empty(), shows });
  // Presence in payloads of at most 100 creators (~6 KB).
  for (let i = 0; i < news.presence.length; i += 100) {
    payloads.push({ ...empty(), presence: news.presence.slice(i, i + 100) });
  }
  return payloads;
}

/**
 * Keeps one LISTEN connection up: retries with backoff until it connects, reconnects when it is lost (and says
 * so, since notifications sent meanwhile are lost), until `isClosed()`.
 */
function keepListening(deps: {
  databaseUrl: string;
  log: Logger;
  isClosed(): boolean;
  onNotification(text: string | undefined): void;
  onConnected(reconnected: boolean): void;
}): { ready(): Promise<void>; isListening(): boolean; end(): Promise<void> } {
  const { log } = deps;
  let listener: pg.Client | null = null;
  let resolveReady!: () => void;
  const readyPromise = new Promise<void>((r) => (resolveReady = r));
  let everConnected = false;

  async function connect(): Promise<void> {
    let backoff = 250;
    while (!deps.isClosed()) {
      let client: pg.Client | null = null;
      let gone = false;
      const onGone = (err?: unknown) => {
        if (gone || !client) return;
        gone = true;
        if (listener === client) listener = null;
        client.end().catch(() => undefined);
        if (deps.isClosed()) return;
        log.warn({ err }, 'LISTEN connection lost; reconnecting');
        void connect();
      };
      try {
        client = await openListener(deps.databaseUrl, NOTIFY_CHANNEL, (err) => {
          if (listener === client) onGone(err);
        });
      } catch (err) {
        if (deps.isClosed()) return;
        log.warn({ err, retryInMs: backoff }, 'LISTEN connection failed; retrying');
        await sleep(backoff + Math.random() * backoff * 0.2);
        backoff = Math.min(backoff * 2, 10_000);
        continue;
      }
      if (deps.isClosed()) {
        await client.end().catch(() => undefined);
        return;
      }
      listener = client;
      client.on('notification', (n) => {
        if (n.channel === NOTIFY_CHANNEL) deps.onNotification(n.payload);
      });
      client.on('end', () => onGone());
      deps.onConnected(everConnected);
      everConnected = true;
      resolveReady();
      return;
    }
  }
  void connect();

  return {
    ready: () => readyPromise,
    isListening: () => listener !== null,
    async end() {
      const l = listener;
      listener = null;
      if (l) await l.end().catch(() => undefined);
    },
  };
}
