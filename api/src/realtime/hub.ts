import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  clientMessageSchema,
  paiseToRupees,
  WS_CLOSE,
  WS_HEARTBEAT_MS,
  WS_HELLO_TIMEOUT_MS,
  type ClientMessage,
  type OverlaySettings,
  type ServerMessage,
} from '@shabaash/shared';
import type { AppDeps, RealtimeBus } from '../deps.ts';
import { creatorChangesSince, walletChangesSince, type TipChangeRow } from '../modules/sync/changes.ts';
import { creatorSpace, walletSpace } from '../modules/sync/spaces.ts';
import { presentTip } from '../modules/tips/tips.presenter.ts';
import { handleKey } from '../modules/creators/creators.repository.ts';
import { resolveSession, type SessionClaims } from '../modules/sessions/sessions.service.ts';
import { encode, msg } from './messages.ts';

/** The PostgreSQL channel every instance LISTENs on; payloads are `NotifyPayload` JSON. */
export const NOTIFY_CHANNEL = 'shabaash_changes';

/**
 * What one NOTIFY carries: the sending instance, the spaces it changed (with the version it published, if known),
 * overlay settings changes, revoked sessions (`s` null = every session of user `u`) and rotated overlay keys.
 */
export interface NotifyPayload {
  i: string;
  changes: Array<{ space: string; version: number | null }>;
  overlays: string[];
  revoked?: Array<{ u: string; s: string | null }>;
  rotated?: string[];
  /** This instance's overlay count per creator (`n` 0 = none left); sent on change and every refresh. */
  presence?: Array<{ c: string; n: number }>;
  /** A new instance asks the others to announce their presence counts now. */
  ask?: true;
}

export interface RealtimeOptions {
  /** PostgreSQL URL for the dedicated LISTEN connection (one pg.Client per instance). */
  databaseUrl: string;
  /** NOTIFYs are coalesced per space over this window (ms). Default 20. */
  coalesceMs?: number;
  /** Ping interval; a socket that has not answered the previous ping is terminated. Default WS_HEARTBEAT_MS. */
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
}

/** The realtime hub: the RealtimeBus services call, plus the websocket server and its lifecycle. */
export interface Realtime extends RealtimeBus {
  /** Handles websocket upgrades on the configured path of this HTTP server. */
  attach(server: http.Server): void;
  /** Resolves once the LISTEN connection is up (await at boot so no notification is missed). */
  ready(): Promise<void>;
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

type View = 'full' | 'overlay' | 'public' | 'wallet';
const VIEW_RANK: Record<View, number> = { wallet: 0, public: 1, overlay: 2, full: 3 };

interface Sub {
  view: View;
  /** Highest version of this space already sent to (or skipped for) this socket. */
  lastSent: number;
  /** False until the socket's catch-up has run; live publishes skip it until then. */
  ready: boolean;
}

interface Conn {
  ws: WebSocket;
  alive: boolean;
  phase: 'hello' | 'auth' | 'ready' | 'closed';
  helloTimer: NodeJS.Timeout | null;
  subs: Map<string, Sub>;
  overlayOf: string | null;
  /** The session a token hello signed in with (closed when that session is revoked). */
  session: SessionClaims | null;
}

interface SpaceState {
  space: string;
  kind: 'creator' | 'wallet';
  id: string;
  /** Every version ≤ published has been pushed to this instance's ready subscribers. */
  published: number;
  subs: Set<Conn>;
  chain: Promise<void>;
  queued: boolean;
}

interface HelloGrant {
  session: SessionClaims | null;
  rooms: string[];
  spaces: Map<string, View>;
  creatorOf: string | null;
  overlayOf: string | null;
}

class HelloRefused extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(reason);
  }
}

function parseSpace(space: string): { kind: 'creator' | 'wallet'; id: string } | null {
  const i = space.indexOf(':');
  if (i < 0) return null;
  const kind = space.slice(0, i);
  const id = space.slice(i + 1);
  if (!id || (kind !== 'creator' && kind !== 'wallet')) return null;
  return { kind, id };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Creates the realtime hub of one API instance (ARCHITECTURE §6). `changed(spaces)` pushes the new versions of
 * those spaces to this instance's sockets at once (read from the database, serialised per space so messages go
 * out in version order and never twice), then sends one coalesced NOTIFY outside any transaction; every
 * instance LISTENs and pushes what it has not pushed yet. Overlay presence is summed over the instances: each
 * announces its own counts on change and every `presenceRefreshMs`, and a silent instance's counts expire.
 */
export function createRealtime(
  deps: Pick<AppDeps, 'db' | 'config' | 'logger'>,
  options: RealtimeOptions,
): Realtime {
  const { db, config } = deps;
  const log = deps.logger.child({ module: 'realtime' });
  const coalesceMs = options.coalesceMs ?? 20;
  const heartbeatMs = options.heartbeatMs ?? WS_HEARTBEAT_MS;
  const helloTimeoutMs = options.helloTimeoutMs ?? WS_HELLO_TIMEOUT_MS;
  const wsPath = options.path ?? '/ws';
  const maxBuffered = options.maxBufferedBytes ?? 4 * 1024 * 1024;
  const presenceRefreshMs = options.presenceRefreshMs ?? WS_HEARTBEAT_MS;
  // Outgoing messages are checked against the contract in tests only; the builders in messages.ts are typed.
  const check = config.NODE_ENV === 'test';
  const instanceId = randomUUID();

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 16 * 1024,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const conns = new Set<Conn>();
  const states = new Map<string, SpaceState>();
  const overlayCounts = new Map<string, number>();
  const servers: Array<{
    server: http.Server;
    listener: (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void;
  }> = [];
  const counters = { messagesSent: 0, notifiesSent: 0, notificationsReceived: 0 };
  let closed = false;

  // ---------- sending ----------

  function sendRaw(conn: Conn, data: string): void {
    const ws = conn.ws;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > maxBuffered) {
      log.warn({ buffered: ws.bufferedAmount }, 'terminating a socket that does not keep up');
      ws.terminate();
      return;
    }
    ws.send(data);
    counters.messagesSent++;
  }

  function send(conn: Conn, message: ServerMessage): void {
    sendRaw(conn, encode(message, check));
  }

  function refuse(conn: Conn, code: number, reason: string): void {
    if (conn.ws.readyState === WebSocket.OPEN || conn.ws.readyState === WebSocket.CONNECTING)
      conn.ws.close(code, reason);
  }

  // ---------- what a tip change looks like to each view ----------

  /** The version that created a tip (trigger-filled column; equal timestamps as a fallback for old rows). */
  function createdVersion(row: TipChangeRow): number {
    if (row.created_version != null) return Number(row.created_version);
    return row.created_at.getTime() === row.updated_at.getTime() ? Number(row.version) : 0;
  }

  /**
   * The message a socket with this view gets for this row, or null. Creator rooms see everything with phones.
   * Overlay and public rooms see only live (read) tips without phones; a tip that leaves the live view (unread,
   * ignore, deleted) reaches them as `tip:deleted` so they drop it without learning unmoderated text.
   */
  function buildTipMessage(
    space: string,
    row: TipChangeRow,
    view: View,
    isNew: boolean,
  ): ServerMessage | null {
    const version = Number(row.version);
    if (view === 'full') {
      if (row.deleted_at) return msg.tipDeleted(space, version, row.id);
      const tip = presentTip(row, { includePhone: true });
      return isNew ? msg.tipNew(space, version, tip) : msg.tipStatus(space, version, tip);
    }
    if (view === 'wallet') return null;
    if (row.deleted_at || row.status !== 'read') return isNew ? null : msg.tipDeleted(space, version, row.id);
    const tip = presentTip(row, { includePhone: false });
    return isNew ? msg.tipNew(space, version, tip) : msg.tipStatus(space, version, tip);
  }

  function deliverTipRow(
    space: string,
    row: TipChangeRow,
    targets: Iterable<Conn>,
    includeUnready: boolean,
  ): void {
    const version = Number(row.version);
    const created = createdVersion(row);
    const cache = new Map<string, string | null>();
    for (const conn of targets) {
      const sub = conn.subs.get(space);
      if (!sub || (!sub.ready && !includeUnready) || version <= sub.lastSent) continue;
      const isNew = created > sub.lastSent;
      sub.lastSent = version;
      const key = `${sub.view === 'full' ? 'full' : 'live'}:${isNew ? 1 : 0}`;
      let data = cache.get(key);
      if (data === undefined) {
        const message = buildTipMessage(space, row, sub.view, isNew);
        data = message ? encode(message, check) : null;
        cache.set(key, data);
      }
      if (data) sendRaw(conn, data);
    }
  }

  function deliverWallet(
    space: string,
    version: number,
    balancePaise: number,
    targets: Iterable<Conn>,
    includeUnready: boolean,
  ): void {
    let data: string | null = null;
    for (const conn of targets) {
      const sub = conn.subs.get(space);
      if (!sub || (!sub.ready && !includeUnready) || version <= sub.lastSent) continue;
      sub.lastSent = version;
      data ??= encode(
        msg.walletUpdate(space, version, { balance: paiseToRupees(balancePaise), balancePaise }),
        check,
      );
      sendRaw(conn, data);
    }
  }

  // ---------- per-space serial queue ----------

  function enqueue(state: SpaceState, task: () => Promise<void>): void {
    state.chain = state.chain.then(task).catch((err: unknown) => {
      log.error({ err, space: state.space }, 'realtime publish failed; retrying');
      if (!closed && states.get(state.space) === state) setTimeout(() => schedulePublish(state), 500).unref();
    });
  }

  function schedulePublish(state: SpaceState): void {
    if (state.queued || closed) return;
    state.queued = true;
    enqueue(state, async () => {
      state.queued = false;
      if (states.get(state.space) !== state) return;
      await publish(state);
    });
  }

  /** Reads every version after `published` and pushes it to the ready subscribers. */
  async function publish(state: SpaceState): Promise<void> {
    if (state.kind === 'wallet') {
      const w = await walletChangesSince(db, state.id, state.published, 0);
      if (w.version > state.published) {
        deliverWallet(state.space, w.version, w.balancePaise, state.subs, false);
        state.published = w.version;
      }
      return;
    }
    for (;;) {
      const changes = await creatorChangesSince(db, state.id, state.published, 500);
      for (const row of changes.rows) deliverTipRow(state.space, row, state.subs, false);
      state.published = Math.max(state.published, changes.version);
      if (!changes.hasMore) return;
    }
  }

  /** Sends one socket what it missed in a space after `sub.lastSent`, then marks it ready for live pushes. */
  async function catchUp(conn: Conn, state: SpaceState, sub: Sub): Promise<void> {
    if (state.kind === 'wallet') {
      const w = await walletChangesSince(db, state.id, sub.lastSent, 0);
      deliverWallet(state.space, w.version, w.balancePaise, [conn], true);
    } else {
      for (;;) {
        const changes = await creatorChangesSince(db, state.id, sub.lastSent, 500);
        for (const row of changes.rows) deliverTipRow(state.space, row, [conn], true);
        if (!changes.hasMore) break;
        sub.lastSent = Math.max(sub.lastSent, changes.version);
      }
    }
    sub.ready = true;
  }

  /** Joins a socket to a space from `startVersion` (what it has); `currentVersion` seeds a space this instance did not track. */
  function subscribe(
    conn: Conn,
    space: string,
    view: View,
    startVersion: number,
    currentVersion: number,
  ): void {
    const parsed = parseSpace(space);
    if (!parsed) return;
    let state = states.get(space);
    if (!state) {
      state = {
        space,
        ...parsed,
        published: currentVersion,
        subs: new Set(),
        chain: Promise.resolve(),
        queued: false,
      };
      states.set(space, state);
    }
    const sub: Sub = { view, lastSent: startVersion, ready: false };
    conn.subs.set(space, sub);
    state.subs.add(conn);
    const s = state;
    enqueue(s, async () => {
      if (conn.phase === 'closed') return;
      await catchUp(conn, s, sub);
    });
  }

  function unsubscribeAll(conn: Conn): void {
    for (const space of conn.subs.keys()) {
      const state = states.get(space);
      if (!state) continue;
      state.subs.delete(conn);
      if (state.subs.size === 0) states.delete(space);
    }
    conn.subs.clear();
  }

  // ---------- overlay settings and presence ----------

  function pushOverlaySettings(creatorId: string, settings: OverlaySettings): void {
    const state = states.get(creatorSpace(creatorId));
    if (!state) return;
    const data = encode(msg.overlayUpdate(settings), check);
    for (const conn of state.subs) {
      const view = conn.subs.get(state.space)?.view;
      if (view === 'full' || view === 'overlay') sendRaw(conn, data);
    }
  }

  /** Overlays of other instances per creator: instance id → count and when it was last announced. */
  const remotePresence = new Map<string, Map<string, { count: number; at: number }>>();

  /** Overlays connected for a creator across every instance (this one's plus the unexpired announcements). */
  function totalPresence(creatorId: string): number {
    let total = overlayCounts.get(creatorId) ?? 0;
    for (const entry of remotePresence.get(creatorId)?.values() ?? []) total += entry.count;
    return total;
  }

  /** Records another instance's count for a creator; tells this instance's creator sockets when the total moved. */
  function setRemotePresence(creatorId: string, instance: string, count: number): void {
    const before = totalPresence(creatorId);
    let byInstance = remotePresence.get(creatorId);
    if (count > 0) {
      if (!byInstance) remotePresence.set(creatorId, (byInstance = new Map()));
      byInstance.set(instance, { count, at: Date.now() });
    } else if (byInstance) {
      byInstance.delete(instance);
      if (byInstance.size === 0) remotePresence.delete(creatorId);
    }
    if (totalPresence(creatorId) !== before) pushPresence(creatorId);
  }

  /** Drops the counts of instances that missed three refreshes. */
  function expireRemotePresence(): void {
    const oldest = Date.now() - 3 * presenceRefreshMs;
    for (const [creatorId, byInstance] of remotePresence) {
      for (const [instance, entry] of byInstance) {
        if (entry.at < oldest) setRemotePresence(creatorId, instance, 0);
      }
    }
  }

  function pushPresence(creatorId: string, only?: Conn): void {
    const state = states.get(creatorSpace(creatorId));
    if (!state) return;
    const data = encode(msg.overlayPresence(totalPresence(creatorId)), check);
    for (const conn of only ? [only] : state.subs) {
      if (conn.subs.get(state.space)?.view === 'full') sendRaw(conn, data);
    }
  }

  function changePresence(creatorId: string, delta: number): void {
    const next = (overlayCounts.get(creatorId) ?? 0) + delta;
    if (next <= 0) overlayCounts.delete(creatorId);
    else overlayCounts.set(creatorId, next);
    pushPresence(creatorId);
    pendingPresence.add(creatorId);
    armFlush();
  }

  // ---------- revocation ----------

  /**
   * Revocations and key rotations that arrived while hellos were authenticating. A hello that read its session or
   * overlay key before the change committed checks this log before its welcome. Kept only while a hello is in flight.
   */
  const changedDuringAuth: Array<{ u: string; s: string | null } | { rotated: string }> = [];
  let authenticating = 0;

  /** True when a revocation of `userId`'s session `sessionId` (every session when null) ends this session. */
  function sessionRevoked(session: SessionClaims | null, userId: string, sessionId: string | null): boolean {
    return (
      session !== null && session.userId === userId && (sessionId === null || session.sessionId === sessionId)
    );
  }

  /** True when a revocation or rotation logged since `mark` applies to this grant. */
  function revokedSince(mark: number, grant: HelloGrant): boolean {
    return changedDuringAuth
      .slice(mark)
      .some((entry) =>
        'rotated' in entry
          ? grant.overlayOf === entry.rotated
          : sessionRevoked(grant.session, entry.u, entry.s),
      );
  }

  /** Closes this instance's sockets signed in with a revoked session (all of the user's when sessionId is null). */
  function closeRevokedSessions(userId: string, sessionId: string | null): void {
    if (authenticating > 0) changedDuringAuth.push({ u: userId, s: sessionId });
    for (const conn of conns) {
      if (sessionRevoked(conn.session, userId, sessionId))
        refuse(conn, WS_CLOSE.unauthorized, 'Session ended');
    }
  }

  /** Closes this instance's overlay sockets of a creator whose overlay key was rotated. */
  function closeRotatedOverlays(creatorId: string): void {
    if (authenticating > 0) changedDuringAuth.push({ rotated: creatorId });
    for (const conn of conns) {
      if (conn.overlayOf === creatorId) refuse(conn, WS_CLOSE.unauthorized, 'Overlay key rotated');
    }
  }

  // ---------- NOTIFY out, LISTEN in ----------

  const pendingSpaces = new Set<string>();
  const pendingOverlays = new Set<string>();
  const pendingRevoked: Array<{ u: string; s: string | null }> = [];
  const pendingRotated = new Set<string>();
  const pendingPresence = new Set<string>();
  let pendingAsk = false;
  let flushTimer: NodeJS.Timeout | null = null;

  function armFlush(): void {
    if (flushTimer || closed) return;
    flushTimer = setTimeout(() => {
      flushTimer = null;
      void flushNotifies();
    }, coalesceMs);
  }

  async function flushNotifies(): Promise<void> {
    if (
      pendingSpaces.size === 0 &&
      pendingOverlays.size === 0 &&
      pendingRevoked.length === 0 &&
      pendingRotated.size === 0 &&
      pendingPresence.size === 0 &&
      !pendingAsk
    )
      return;
    const spaces = [...pendingSpaces];
    const overlays = [...pendingOverlays];
    const revoked = pendingRevoked.splice(0);
    const rotated = [...pendingRotated];
    const presence = [...pendingPresence].map((c) => ({ c, n: overlayCounts.get(c) ?? 0 }));
    const ask = pendingAsk;
    pendingSpaces.clear();
    pendingOverlays.clear();
    pendingRotated.clear();
    pendingPresence.clear();
    pendingAsk = false;
    // The version sent is only one this instance has fully published (so a receiver that already has it may skip).
    const changes = await Promise.all(
      spaces.map(async (space) => {
        const state = states.get(space);
        if (!state) return { space, version: null };
        await state.chain;
        return { space, version: state.queued ? null : state.published };
      }),
    );
    const payloads: NotifyPayload[] = [];
    let current: NotifyPayload = { i: instanceId, changes: [], overlays: [] };
    const size = (p: NotifyPayload) => JSON.stringify(p).length;
    for (const change of changes) {
      current.changes.push(change);
      if (size(current) > 7000) {
        payloads.push(current);
        current = { i: instanceId, changes: [], overlays: [] };
      }
    }
    current.overlays = overlays;
    if (revoked.length > 0) current.revoked = revoked;
    if (rotated.length > 0) current.rotated = rotated;
    if (ask) current.ask = true;
    payloads.push(current);
    // Presence in payloads of at most 100 creators (~6 KB), under PostgreSQL's 8,000-byte NOTIFY limit.
    for (let i = 0; i < presence.length; i += 100) {
      payloads.push({ i: instanceId, changes: [], overlays: [], presence: presence.slice(i, i + 100) });
    }
    for (const payload of payloads) {
      try {
        // Autocommit statement on the pool: never inside a write transaction (ARCHITECTURE §6).
        await db.raw('select pg_notify(?, ?)', [NOTIFY_CHANNEL, JSON.stringify(payload)]);
        counters.notifiesSent++;
      } catch (err) {
        log.error({ err }, 'NOTIFY failed; other instances catch up on the next change of these spaces');
      }
    }
  }

  async function onNotification(payloadText: string | undefined): Promise<void> {
    counters.notificationsReceived++;
    let payload: NotifyPayload;
    try {
      payload = JSON.parse(payloadText ?? '') as NotifyPayload;
    } catch {
      log.warn({ payloadText }, 'ignoring a malformed notification');
      return;
    }
    if (payload.i === instanceId) return;
    for (const entry of payload.revoked ?? []) closeRevokedSessions(entry.u, entry.s);
    for (const creatorId of payload.rotated ?? []) closeRotatedOverlays(creatorId);
    for (const entry of payload.presence ?? []) {
      if (UUID_RE.test(entry.c) && Number.isInteger(entry.n)) setRemotePresence(entry.c, payload.i, entry.n);
    }
    if (payload.ask) announceAllPresence();
    for (const change of payload.changes ?? []) {
      const state = states.get(change.space);
      if (!state) continue;
      if (change.version != null && state.published >= change.version && !state.queued) continue;
      schedulePublish(state);
    }
    for (const creatorId of payload.overlays ?? []) {
      if (!states.has(creatorSpace(creatorId)) || !UUID_RE.test(creatorId)) continue;
      try {
        const row = await db('creators')
          .where({ user_id: creatorId })
          .first<{ overlay_theme: string; font: string; color: string; sound: string } | undefined>(
            'overlay_theme',
            'font',
            'color',
            'sound',
          );
        if (row)
          pushOverlaySettings(creatorId, {
            overlayTheme: row.overlay_theme,
            font: row.font,
            color: row.color,
            sound: row.sound,
          });
      } catch (err) {
        log.error({ err }, 'could not read overlay settings for a notification');
      }
    }
  }

  /** Queues this instance's every non-zero overlay count for the next NOTIFY (refresh, or answer to `ask`). */
  function announceAllPresence(): void {
    if (overlayCounts.size === 0) return;
    for (const creatorId of overlayCounts.keys()) pendingPresence.add(creatorId);
    armFlush();
  }

  const presenceRefresh = setInterval(() => {
    expireRemotePresence();
    announceAllPresence();
  }, presenceRefreshMs);
  presenceRefresh.unref();

  let listener: pg.Client | null = null;
  let resolveReady!: () => void;
  const readyPromise = new Promise<void>((r) => (resolveReady = r));
  let everConnected = false;

  async function connectListener(): Promise<void> {
    let backoff = 250;
    while (!closed) {
      const client = new pg.Client({
        connectionString: options.databaseUrl,
        application_name: 'shabaash-realtime-listen',
        keepAlive: true,
      });
      let gone = false;
      const onGone = (err?: unknown) => {
        if (gone) return;
        gone = true;
        if (listener === client) listener = null;
        client.end().catch(() => undefined);
        if (closed) return;
        log.warn({ err }, 'LISTEN connection lost; reconnecting');
        void connectListener();
      };
      // Errors while connecting surface through connect(); afterwards they mean the connection is gone.
      client.on('error', (err) => {
        if (listener === client) onGone(err);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      } catch (err) {
        gone = true;
        await client.end().catch(() => undefined);
        if (closed) return;
        log.warn({ err, retryInMs: backoff }, 'LISTEN connection failed; retrying');
        await sleep(backoff + Math.random() * backoff * 0.2);
        backoff = Math.min(backoff * 2, 10_000);
        continue;
      }
      if (closed) {
        await client.end().catch(() => undefined);
        return;
      }
      listener = client;
      client.on('notification', (n) => {
        if (n.channel === NOTIFY_CHANNEL) void onNotification(n.payload);
      });
      client.on('end', () => onGone());
      if (everConnected) {
        // Notifications sent while we were away are lost: pull every tracked space.
        for (const state of states.values()) schedulePublish(state);
      }
      everConnected = true;
      // Learn the other instances' overlay counts now rather than at their next refresh.
      pendingAsk = true;
      armFlush();
      resolveReady();
      return;
    }
  }
  void connectListener();

  // ---------- connections ----------

  async function creatorByHandle(handle: string): Promise<string | null> {
    const row = await db('creators')
      .where({ handle: handleKey(handle) })
      .first<{ user_id: string } | undefined>('user_id');
    return row?.user_id ?? null;
  }

  async function defaultCreator(): Promise<string | null> {
    if (config.DEFAULT_CREATOR) {
      const id = await creatorByHandle(config.DEFAULT_CREATOR);
      if (id) return id;
    }
    const row = await db('creators')
      .orderBy([{ column: 'created_at' }, { column: 'user_id' }])
      .first<{ user_id: string } | undefined>('user_id');
    return row?.user_id ?? null;
  }

  async function grantFor(hello: Extract<ClientMessage, { type: 'hello' }>): Promise<HelloGrant> {
    const grant: HelloGrant = {
      session: null,
      rooms: [],
      spaces: new Map(),
      creatorOf: null,
      overlayOf: null,
    };
    const add = (room: string, space: string, view: View) => {
      if (!grant.rooms.includes(room)) grant.rooms.push(room);
      const prev = grant.spaces.get(space);
      if (!prev || VIEW_RANK[view] > VIEW_RANK[prev]) grant.spaces.set(space, view);
    };
    if (!hello.token && !hello.overlayKey)
      throw new HelloRefused(WS_CLOSE.unauthorized, 'Missing credentials: send a token or an overlayKey');
    if (hello.token) {
      const principal = await resolveSession(db, config, hello.token);
      if (!principal) throw new HelloRefused(WS_CLOSE.unauthorized, 'Invalid or expired session');
      grant.session = { userId: principal.userId, sessionId: principal.sessionId };
      add(`wallet:${principal.userId}`, walletSpace(principal.userId), 'wallet');
      if (principal.role === 'creator') {
        const own = await db('creators')
          .where({ user_id: principal.userId })
          .first<{ user_id: string } | undefined>('user_id');
        if (own) {
          grant.creatorOf = own.user_id;
          add(`creator:${own.user_id}`, creatorSpace(own.user_id), 'full');
        }
      }
      let publicOf: string | null = null;
      if (hello.creator) {
        publicOf = await creatorByHandle(hello.creator);
        if (!publicOf) throw new HelloRefused(WS_CLOSE.badMessage, 'Unknown creator');
      } else if (!grant.creatorOf) {
        publicOf = await defaultCreator();
      }
      if (publicOf && publicOf !== grant.creatorOf)
        add(`public:${publicOf}`, creatorSpace(publicOf), 'public');
    }
    if (hello.overlayKey) {
      const row = await db('creators')
        .where({ overlay_key: hello.overlayKey })
        .first<{ user_id: string } | undefined>('user_id');
      if (!row) throw new HelloRefused(WS_CLOSE.unauthorized, 'Invalid overlay key');
      grant.overlayOf = row.user_id;
      add(`overlay:${row.user_id}`, creatorSpace(row.user_id), 'overlay');
    }
    return grant;
  }

  async function onHello(conn: Conn, hello: Extract<ClientMessage, { type: 'hello' }>): Promise<void> {
    conn.phase = 'auth';
    let grant: HelloGrant;
    let versions: Record<string, number>;
    let revoked: boolean;
    authenticating++;
    const mark = changedDuringAuth.length;
    try {
      grant = await grantFor(hello);
      const spaces = [...grant.spaces.keys()];
      const rows = await db('sync_spaces')
        .whereIn('space', spaces)
        .select<Array<{ space: string; version: number }>>('space', 'version');
      versions = Object.fromEntries(spaces.map((s) => [s, 0]));
      for (const row of rows) versions[row.space] = Number(row.version);
      revoked = revokedSince(mark, grant);
    } catch (err) {
      if (err instanceof HelloRefused) return refuse(conn, err.code, err.message);
      log.error({ err }, 'hello failed');
      return refuse(conn, 1011, 'Server error');
    } finally {
      authenticating--;
      if (authenticating === 0) changedDuringAuth.length = 0;
    }
    if (conn.phase !== 'auth' || closed) return;
    if (revoked)
      return refuse(conn, WS_CLOSE.unauthorized, grant.session ? 'Session ended' : 'Overlay key rotated');
    conn.phase = 'ready';
    conn.session = grant.session;
    send(conn, msg.welcome(grant.rooms, versions));
    for (const [space, view] of grant.spaces) {
      const current = versions[space] ?? 0;
      const asked = hello.since?.[space];
      // A client ahead of the server (e.g. a reset database) starts from now; the welcome versions tell it to reset.
      const start = asked !== undefined && asked <= current ? asked : current;
      subscribe(conn, space, view, start, current);
    }
    if (grant.creatorOf) pushPresence(grant.creatorOf, conn);
    if (grant.overlayOf) {
      conn.overlayOf = grant.overlayOf;
      changePresence(grant.overlayOf, +1);
    }
  }

  function onMessage(conn: Conn, raw: RawData, isBinary: boolean): void {
    conn.alive = true;
    let parsed: ClientMessage;
    try {
      if (isBinary) throw new Error('binary');
      const text = Array.isArray(raw)
        ? Buffer.concat(raw).toString('utf8')
        : (raw instanceof ArrayBuffer ? Buffer.from(raw) : raw).toString('utf8');
      parsed = clientMessageSchema.parse(JSON.parse(text));
    } catch {
      return refuse(conn, WS_CLOSE.badMessage, 'Malformed message');
    }
    if (parsed.type === 'ping') return send(conn, msg.pong());
    if (conn.phase !== 'hello') return refuse(conn, WS_CLOSE.badMessage, 'Duplicate hello');
    if (conn.helloTimer) clearTimeout(conn.helloTimer);
    conn.helloTimer = null;
    void onHello(conn, parsed);
  }

  function onClose(conn: Conn): void {
    const wasReady = conn.phase === 'ready';
    conn.phase = 'closed';
    if (conn.helloTimer) clearTimeout(conn.helloTimer);
    conns.delete(conn);
    unsubscribeAll(conn);
    if (wasReady && conn.overlayOf) changePresence(conn.overlayOf, -1);
  }

  function onConnection(ws: WebSocket): void {
    const conn: Conn = {
      ws,
      alive: true,
      phase: 'hello',
      helloTimer: null,
      subs: new Map(),
      overlayOf: null,
      session: null,
    };
    conns.add(conn);
    conn.helloTimer = setTimeout(() => {
      conn.helloTimer = null;
      if (conn.phase === 'hello')
        refuse(conn, WS_CLOSE.helloTimeout, `No hello within ${Math.round(helloTimeoutMs / 1000)} s`);
    }, helloTimeoutMs);
    ws.on('message', (data, isBinary) => onMessage(conn, data, isBinary));
    ws.on('pong', () => (conn.alive = true));
    ws.on('close', () => onClose(conn));
    ws.on('error', (err) => log.debug({ err }, 'socket error'));
  }

  const heartbeat = setInterval(() => {
    for (const conn of conns) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      try {
        conn.ws.ping();
      } catch {
        conn.ws.terminate();
      }
    }
  }, heartbeatMs);
  heartbeat.unref();

  // ---------- the public surface ----------

  return {
    changed(spaces) {
      if (closed) return;
      for (const space of spaces) {
        const state = states.get(space);
        if (state) schedulePublish(state);
        pendingSpaces.add(space);
      }
      armFlush();
    },
    overlayUpdated(creatorId, settings) {
      if (closed) return;
      pushOverlaySettings(creatorId, settings);
      pendingOverlays.add(creatorId);
      armFlush();
    },
    sessionsRevoked(userId, sessionId) {
      if (closed) return;
      closeRevokedSessions(userId, sessionId);
      pendingRevoked.push({ u: userId, s: sessionId });
      armFlush();
    },
    overlayKeyRotated(creatorId) {
      if (closed) return;
      closeRotatedOverlays(creatorId);
      pendingRotated.add(creatorId);
      armFlush();
    },
    attach(server) {
      const listener = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
        const pathname = (req.url ?? '').split('?')[0];
        if (pathname !== wsPath) {
          // Leave other paths to other upgrade handlers (e.g. a dev server); refuse when there are none.
          if (server.listenerCount('upgrade') <= 1) {
            socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          }
          return;
        }
        if (closed) {
          socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          return;
        }
        wss.handleUpgrade(req, socket, head, onConnection);
      };
      server.on('upgrade', listener);
      servers.push({ server, listener });
    },
    ready: () => readyPromise,
    async close() {
      if (closed) return;
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
      clearInterval(heartbeat);
      clearInterval(presenceRefresh);
      await Promise.all([...states.values()].map((s) => s.chain));
      await flushNotifies();
      closed = true;
      for (const { server, listener: l } of servers) server.off('upgrade', l);
      const closing = [...conns].map(
        (conn) =>
          new Promise<void>((resolve) => {
            if (conn.ws.readyState === WebSocket.CLOSED) return resolve();
            conn.ws.once('close', () => resolve());
            conn.ws.close(WS_CLOSE.shuttingDown, 'Server shutting down');
          }),
      );
      await Promise.race([Promise.all(closing), sleep(1000)]);
      for (const conn of conns) conn.ws.terminate();
      await Promise.all([...states.values()].map((s) => s.chain));
      // The overlays that were on this instance are gone: tell the others now rather than let them expire.
      await flushNotifies();
      const l = listener;
      listener = null;
      if (l) await l.end().catch(() => undefined);
      wss.close();
    },
    socketCount: () => conns.size,
    stats: () => ({ sockets: conns.size, trackedSpaces: states.size, ...counters }),
  };
}
