import type http from 'node:http';
import { WS_CLOSE, WS_HEARTBEAT_MS, WS_HELLO_TIMEOUT_MS } from '@shabaash/shared';
import type { AppDeps, RealtimeBus } from '../deps.ts';
import { getPayoutSummary } from '../modules/payouts/payouts.service.ts';
import { creatorSpace } from '../modules/sync/spaces.ts';
import { currentYouTubeLive } from '../modules/youtube/liveChats.service.ts';
import { createAlertReceipts } from './alerts.ts';
import { createConnections } from './connections.ts';
import { createFanout, type Fanout } from './fanout.ts';
import { createHelloHandler } from './hello.ts';
import { createOverlayCreators, type OverlayCreators } from './overlayCreators.ts';
import { msg } from './messages.ts';
import { countsOf, createPresence } from './presence.ts';
import { createPublisher, type Publisher } from './publish.ts';
import { notificationHandlers } from './remoteNews.ts';
import { createRevocation, type Revocation } from './revocation.ts';
import { roomPusher, showPusher, withPayouts, type RoomPusher, type ShowPusher } from './rooms.ts';
import { createSender } from './sending.ts';
import { timerPusher } from './timers.ts';

export { NOTIFY_CHANNEL, type NotifyPayload } from './notifyPayload.ts';

export interface RealtimeOptions {
  /** PostgreSQL URL for the dedicated LISTEN connection (one pg.Client per instance). */
  databaseUrl: string;
  /** NOTIFYs are coalesced per space over this window (ms). Default 20. */
  coalesceMs?: number;
  /** Overlay counts alone are announced to the other instances at most this often (ms). Default 250. */
  presenceCoalesceMs?: number;
  /** Ping interval; a socket that has not answered the previous ping is terminated. Default config.WS_HEARTBEAT_MS. */
  heartbeatMs?: number;
  /** How long a new socket may stay silent before its hello. Default WS_HELLO_TIMEOUT_MS. */
  helloTimeoutMs?: number;
  /** Upgrade path. Default `/ws`. */
  path?: string;
  /** A socket whose unsent buffer grows past this is terminated (it reconnects and pulls). Default 4 MiB. */
  maxBufferedBytes?: number;
  /**
   * Every instance re-announces its overlay counts this often; another instance's count expires after three
   * missed refreshes (an instance that died without saying so). Default WS_HEARTBEAT_MS.
   */
  presenceRefreshMs?: number;
  /** Open sockets per signed-in user; the next hello is refused with WS_CLOSE.tooManySockets. Default WS_MAX_SOCKETS_PER_USER. */
  maxSocketsPerUser?: number;
  /** Open sockets per creator API token (bots); the next hello is refused with 4029. Default WS_MAX_SOCKETS_PER_API_TOKEN. */
  maxSocketsPerApiToken?: number;
  /** Open sockets per client address; the next is refused with WS_CLOSE.tooManySockets. Default WS_MAX_SOCKETS_PER_IP. */
  maxSocketsPerIp?: number;
  /** Not-yet-welcomed sockets per client address; then 4029. Default WS_MAX_UNAUTHENTICATED_SOCKETS_PER_IP. */
  maxUnauthenticatedSocketsPerIp?: number;
  /** Full catch-ups an account (or an overlay's creator) may ask a minute; then 4030. Default WS_FULL_REPLAYS_PER_USER_PER_MINUTE. */
  fullReplaysPerUserPerMinute?: number;
  /** Full catch-ups one client address may ask a minute; then 4030. Default WS_FULL_REPLAYS_PER_IP_PER_MINUTE. */
  fullReplaysPerIpPerMinute?: number;
  /** A hello that would replay more than this many versions of a space (or asks from 0) is a full catch-up. Default 1000. */
  fullReplayVersions?: number;
  /** How long after an overlay comes back its unacknowledged alerts are claimed for it (alerts.ts). Default 2000. */
  reshowDelayMs?: number;
}

/** The realtime hub: the RealtimeBus services call, plus the websocket server and its lifecycle. */
export interface Realtime extends RealtimeBus {
  /** Handles websocket upgrades on the configured path of this HTTP server. */
  attach(server: http.Server): void;
  /** Resolves once the LISTEN connection is up (await at boot so no notification is missed). */
  ready(): Promise<void>;
  /** Whether the LISTEN connection is up now (/api/health's `realtime` part). */
  isListening(): boolean;
  /** Closes every socket with WS_CLOSE.shuttingDown, sends pending NOTIFYs, stops LISTEN and all timers. */
  close(): Promise<void>;
  /** Sockets currently open on this instance (any phase). */
  socketCount(): number;
  /** Counters for tests and the bench. */
  stats(): {
    sockets: number;
    trackedSpaces: number;
    messagesSent: number;
    notifiesSent: number;
    notificationsReceived: number;
  };
}

/** The per-account socket and full catch-up limits of hello (options override the configuration). */
function helloLimits(options: RealtimeOptions, config: AppDeps['config']) {
  return {
    maxSocketsPerUser: options.maxSocketsPerUser ?? config.WS_MAX_SOCKETS_PER_USER,
    maxSocketsPerApiToken: options.maxSocketsPerApiToken ?? config.WS_MAX_SOCKETS_PER_API_TOKEN,
    replays: {
      perUserPerMinute: options.fullReplaysPerUserPerMinute ?? config.WS_FULL_REPLAYS_PER_USER_PER_MINUTE,
      perIpPerMinute: options.fullReplaysPerIpPerMinute ?? config.WS_FULL_REPLAYS_PER_IP_PER_MINUTE,
      versions: options.fullReplayVersions ?? 1000,
    },
  };
}

/**
 * Creates the realtime hub of one API instance by wiring its parts: `connections` (the ws
 * server), `grants` (what a hello may see), `publish` (per-space queue that reads changes and pushes them,
 * shaped per view by `shaping`), `fanout` (coalesced NOTIFY out, LISTEN in), `presence` (overlay counts over
 * every instance) and `revocation` (sessions and overlay keys that end sockets).
 */
export function createRealtime(
  deps: Pick<AppDeps, 'db' | 'config' | 'logger'>,
  options: RealtimeOptions,
): Realtime {
  const { db, config } = deps;
  const log = deps.logger.child({ module: 'realtime' });
  const presenceRefreshMs = options.presenceRefreshMs ?? WS_HEARTBEAT_MS;
  let closed = false;
  const isClosed = () => closed;

  // Outgoing messages are checked against the contract in tests only; the builders in messages.ts are typed.
  const sender = createSender({
    maxBufferedBytes: options.maxBufferedBytes ?? 4 * 1024 * 1024,
    check: config.NODE_ENV === 'test',
    log,
  });
  const publisher = createPublisher({
    db,
    log,
    sender,
    // One statement each, and the summaries of creators pushed at once share it (payouts/summary.repository.ts).
    payoutSummary: (creatorId: string) => getPayoutSummary({ db, config }, creatorId),
  });
  const { states } = publisher;
  const connections = createConnections({
    path: options.path ?? '/ws',
    helloTimeoutMs: options.helloTimeoutMs ?? WS_HELLO_TIMEOUT_MS,
    heartbeatMs: options.heartbeatMs ?? config.WS_HEARTBEAT_MS,
    log,
    sender,
    isClosed,
    maxSocketsPerIp: options.maxSocketsPerIp ?? config.WS_MAX_SOCKETS_PER_IP,
    maxUnauthenticatedSocketsPerIp:
      options.maxUnauthenticatedSocketsPerIp ?? config.WS_MAX_UNAUTHENTICATED_SOCKETS_PER_IP,
    trustProxy: config.TRUST_PROXY,
    onHello: (conn, hello) => void onHello(conn, hello),
    onOverlayMessage: (conn, message) => alerts.onOverlayMessage(conn, message),
    onClose(conn, wasReady) {
      publisher.unsubscribeAll(conn);
      if (wasReady && conn.overlayOf) presence.change(conn.overlayOf, countsOf(conn.overlayState), -1);
    },
  });
  const revocation = createRevocation({ conns: connections.conns, sender });
  const presence = createPresence({
    publisher,
    sender,
    refreshMs: presenceRefreshMs,
    announce: (creatorId) => fanout.presence(creatorId),
  });
  const alerts = createAlertReceipts({
    db,
    log,
    sender,
    presence,
    bus: () => realtimeBus,
    reshowDelayMs: options.reshowDelayMs ?? 2000,
  });
  const overlayCreators = createOverlayCreators(db, publisher, () => fanout.isListening());
  const announceAllPresence = () => presence.localCreators().forEach((c) => fanout.presence(c));

  const pushToRooms = roomPusher(publisher, sender);
  const pushShow = showPusher(publisher, sender);
  const pushToTeam = roomPusher(publisher, sender, ['full', 'moderator']);
  const pushToCreator = roomPusher(publisher, sender, ['full']);
  const fanout = createFanout({
    db,
    databaseUrl: options.databaseUrl,
    log,
    coalesceMs: options.coalesceMs ?? 20,
    presenceCoalesceMs: options.presenceCoalesceMs ?? 250,
    isClosed,
    publishedVersion: (space) => publisher.publishedVersion(space),
    localPresence: (creatorId) => presence.local(creatorId),
    handlers: notificationHandlers({
      db,
      log,
      publisher,
      presence,
      revocation,
      overlayCreators,
      pushToRooms,
      pushToTeam,
      pushShow,
      pushToCreator,
      youtubeLive: (creatorId) => currentYouTubeLive(deps, creatorId),
      announceAllPresence,
    }),
  });

  const presenceRefresh = setInterval(() => {
    presence.expireRemote();
    announceAllPresence();
  }, presenceRefreshMs);
  presenceRefresh.unref();
  const onHello = createHelloHandler({
    db,
    config,
    log,
    sender,
    publisher,
    presence,
    revocation,
    findOverlay: (key, since) => overlayCreators.find(key, since),
    isClosed,
    socketsOf: connections.socketsOf,
    welcomed: connections.welcomed,
    overlayJoined: (conn) => alerts.overlayJoined(conn),
    ...helloLimits(options, config),
  });

  const realtimeBus = bus({
    isClosed,
    publisher,
    revocation,
    overlayCreators,
    fanout,
    pushToRooms,
    pushToTeam,
    pushToCreator,
    pushShow,
  });
  return {
    ...realtimeBus,
    attach: (server) => connections.attach(server),
    ready: () => fanout.ready(),
    isListening: () => fanout.isListening(),
    async close() {
      if (closed) return;
      fanout.stopTimer();
      clearInterval(presenceRefresh);
      alerts.stop();
      await publisher.settled();
      await fanout.flush();
      closed = true;
      publisher.stop();
      await connections.close(WS_CLOSE.shuttingDown, 'Server shutting down');
      await publisher.settled();
      // The overlays that were on this instance are gone: tell the others now rather than let them expire.
      await fanout.flush();
      await fanout.end();
    },
    socketCount: () => connections.conns.size,
    stats: () => ({
      sockets: connections.conns.size,
      trackedSpaces: states.size,
      messagesSent: sender.sent(),
      ...fanout.stats(),
    }),
  };
}

/**
 * The RealtimeBus services call after a commit: each event acts on this instance's sockets at once and is
 * announced to the other instances (NOTIFY), which act on theirs (notificationHandlers).
 */
function bus(parts: {
  isClosed(): boolean;
  publisher: Publisher;
  revocation: Revocation;
  overlayCreators: OverlayCreators;
  fanout: Fanout;
  pushToRooms: RoomPusher;
  /** The creator's Chat Loaders and bots, and the creator's moderators. */
  pushToTeam: RoomPusher;
  /** The creator's own sockets (Chat Loaders and bots). */
  pushToCreator: RoomPusher;
  pushShow: ShowPusher;
}): RealtimeBus {
  const { isClosed, publisher, revocation, overlayCreators, fanout } = parts;
  const { pushToRooms, pushToTeam, pushToCreator, pushShow } = parts;
  return {
    changed(spaces, tips) {
      if (isClosed()) return;
      for (const space of spaces) {
        for (const s of withPayouts(space)) {
          const state = publisher.states.get(s);
          if (!state) continue;
          const rows = tips?.filter((row) => creatorSpace(row.creatorId) === s);
          if (rows?.length) publisher.pushCommitted(state, rows);
          else publisher.schedule(state);
        }
        fanout.space(space);
      }
    },
    overlayUpdated(creatorId, settings) {
      if (isClosed()) return;
      pushToRooms(creatorId, msg.overlayUpdate(settings));
      fanout.overlay(creatorId);
    },
    streamUpdated(creatorId, session) {
      if (isClosed()) return;
      pushToRooms(creatorId, msg.streamUpdate(session));
      fanout.stream(creatorId);
    },
    timerUpdated: timerPusher(isClosed, pushToRooms, fanout),
    alertsUpdated(creatorId, state) {
      if (isClosed()) return;
      pushToTeam(creatorId, msg.alertsUpdate(state));
      fanout.alerts(creatorId);
    },
    youtubeLiveUpdated(creatorId, live) {
      if (isClosed()) return;
      pushToCreator(creatorId, msg.youtubeLive(live));
      fanout.youtube(creatorId);
    },
    sessionsRevoked(userId, sessionId) {
      if (isClosed()) return;
      revocation.closeRevokedSessions(userId, sessionId);
      fanout.revoked(userId, sessionId);
    },
    overlayKeyRotated(creatorId) {
      if (isClosed()) return;
      overlayCreators.forget(creatorId);
      revocation.closeRotatedOverlays(creatorId);
      fanout.rotated(creatorId);
    },
    creatorSuspended(creatorId) {
      if (isClosed()) return;
      overlayCreators.forget(creatorId);
      revocation.closeSuspendedOverlays(creatorId);
      fanout.suspended(creatorId);
    },
    apiTokenRevoked(tokenId) {
      if (isClosed()) return;
      revocation.closeRevokedApiTokens(tokenId);
      fanout.apiTokenRevoked(tokenId);
    },
    moderatorRemoved(creatorId, userId) {
      if (isClosed()) return;
      revocation.closeRemovedModerators(creatorId, userId);
      fanout.moderatorRemoved(creatorId, userId);
    },
    showEvent(creatorId, message) {
      if (isClosed()) return;
      pushShow(creatorId, message);
      fanout.show(creatorId, message);
    },
  };
}
