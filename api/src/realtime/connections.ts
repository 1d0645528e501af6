import type http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { clientMessageSchema, WS_CLOSE, type ClientMessage } from '@shabaash/shared';

/** What an overlay socket says after its hello (alert receipts). */
export type OverlayMessage = Extract<ClientMessage, { type: 'alert:ack' | 'overlay:state' }>;
import type { Logger } from '../logger.ts';
import { msg } from './messages.ts';
import type { Hello } from './grants.ts';
import type { Sender } from './sending.ts';
import { countSocket } from '../metrics/sockets.ts';
import { startHeartbeat } from './heartbeat.ts';
import { sleep, type Conn } from './types.ts';

/**
 * The websocket server of one instance: upgrades on one path, a hello deadline, parsing of client messages
 * (ping is answered here, the one hello is handed on), heartbeats that terminate dead peers, and closing.
 */
export interface Connections {
  /** Every socket open on this instance (any phase). */
  readonly conns: ReadonlySet<Conn>;
  /**
   * Welcomed sockets of this instance per account: `user:<id>` or `api-token:<id>`. Counted on welcome and close,
   * never scanned, so a reconnect storm stays linear (so are the per-address counts).
   */
  socketsOf(account: string): number;
  /** Records a socket its hello just welcomed (phase `ready`, `userId` and `apiTokenId` set). */
  welcomed(conn: Conn): void;
  /** Handles websocket upgrades on the configured path of this HTTP server. */
  attach(server: http.Server): void;
  /** Stops accepting upgrades and heartbeats, closes every socket with `code` (terminating after 1 s). */
  close(code: number, reason: string): Promise<void>;
}

/** A text frame as a client message of the contract, or null for a binary, non-JSON or unknown one. */
function parseClientFrame(raw: RawData, isBinary: boolean): ClientMessage | null {
  if (isBinary) return null;
  const text = Array.isArray(raw)
    ? Buffer.concat(raw).toString('utf8')
    : (raw instanceof ArrayBuffer ? Buffer.from(raw) : raw).toString('utf8');
  try {
    return clientMessageSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/** What the server of one instance needs to know (hub.ts passes them from RealtimeOptions and the config). */
export interface ConnectionsDeps {
  path: string;
  helloTimeoutMs: number;
  heartbeatMs: number;
  log: Logger;
  sender: Sender;
  isClosed(): boolean;
  /** Sockets one client address may hold open (a generous ceiling); the next is closed with WS_CLOSE.tooManySockets. */
  maxSocketsPerIp: number;
  /** Sockets of one client address not welcomed yet (hello or auth phase); the next is closed with 4029. */
  maxUnauthenticatedSocketsPerIp: number;
  /** Take the client address from X-Forwarded-For (behind a proxy the app trusts). */
  trustProxy: boolean;
  onHello(conn: Conn, hello: Hello): void;
  /** An overlay socket's receipt or state (only welcomed overlay sockets may send them). */
  onOverlayMessage(conn: Conn, message: OverlayMessage): void;
  onClose(conn: Conn, wasReady: boolean): void;
}

export function createConnections(deps: ConnectionsDeps): Connections {
  const { log, sender } = deps;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 16 * 1024,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const conns = new Set<Conn>();
  const counts = createSocketCounts(deps);
  const servers: Array<{ server: http.Server; listener: UpgradeListener }> = [];

  function onMessage(conn: Conn, raw: RawData, isBinary: boolean): void {
    conn.alive = true;
    const parsed = parseClientFrame(raw, isBinary);
    if (!parsed) return sender.refuse(conn, WS_CLOSE.badMessage, 'Malformed message');
    if (parsed.type === 'ping') return sender.send(conn, msg.pong());
    if (parsed.type === 'alert:ack' || parsed.type === 'overlay:state') {
      if (conn.phase !== 'ready' || !conn.overlayOf)
        return sender.refuse(conn, WS_CLOSE.badMessage, 'Only a welcomed overlay sends this');
      return deps.onOverlayMessage(conn, parsed);
    }
    if (conn.phase !== 'hello') return sender.refuse(conn, WS_CLOSE.badMessage, 'Duplicate hello');
    if (conn.helloTimer) clearTimeout(conn.helloTimer);
    conn.helloTimer = null;
    deps.onHello(conn, parsed);
  }

  function onClose(conn: Conn): void {
    const wasReady = conn.phase === 'ready';
    conn.phase = 'closed';
    if (conn.helloTimer) clearTimeout(conn.helloTimer);
    if (conns.delete(conn)) counts.closed(conn, wasReady);
    deps.onClose(conn, wasReady);
  }

  /** The conn of each open socket, for the shared listeners below. */
  const sockets = new WeakMap<WebSocket, Conn>();
  const listeners = {
    message(this: WebSocket, data: RawData, isBinary: boolean) {
      const conn = sockets.get(this);
      if (conn) onMessage(conn, data, isBinary);
    },
    pong(this: WebSocket) {
      const conn = sockets.get(this);
      if (conn) conn.alive = true;
    },
    close(this: WebSocket) {
      const conn = sockets.get(this);
      if (conn) onClose(conn);
    },
    error(err: Error) {
      log.debug({ err }, 'socket error');
    },
  };

  function onConnection(ws: WebSocket, req: http.IncomingMessage): void {
    const ip = addressKey(clientIp(req, deps.trustProxy));
    const refusal = counts.refusal(ip);
    if (refusal) {
      ws.on('error', () => undefined);
      ws.close(WS_CLOSE.tooManySockets, refusal);
      return;
    }
    const conn = newConn(ws, ip);
    conns.add(conn);
    counts.opened(conn);
    conn.helloTimer = setTimeout(() => {
      conn.helloTimer = null;
      if (conn.phase === 'hello')
        sender.refuse(
          conn,
          WS_CLOSE.helloTimeout,
          `No hello within ${Math.round(deps.helloTimeoutMs / 1000)} s`,
        );
    }, deps.helloTimeoutMs);
    // Listeners shared by every socket (`this` is the socket), not four closures per socket: idle memory.
    sockets.set(ws, conn);
    ws.on('message', listeners.message);
    ws.on('pong', listeners.pong);
    ws.on('close', listeners.close);
    ws.on('error', listeners.error);
  }

  const heartbeat = startHeartbeat(conns, deps.heartbeatMs);

  return {
    conns,
    socketsOf: counts.socketsOf,
    welcomed(conn) {
      if (conns.has(conn)) counts.welcomed(conn);
    },
    attach(server) {
      const listener = upgradeListener(server, deps, (req, socket, head) =>
        wss.handleUpgrade(req, socket, head, onConnection),
      );
      server.on('upgrade', listener);
      servers.push({ server, listener });
    },
    async close(code, reason) {
      clearInterval(heartbeat);
      for (const { server, listener } of servers) server.off('upgrade', listener);
      await closeSockets(conns, code, reason);
      wss.close();
    },
  };
}

/** A socket just upgraded from `ip`, waiting for its hello. */
function newConn(ws: WebSocket, ip: string): Conn {
  return {
    ws,
    alive: true,
    pingedAt: 0,
    phase: 'hello',
    kind: 'hello',
    helloTimer: null,
    subs: new Map(),
    overlayOf: null,
    overlayState: { visible: true, audible: true },
    session: null,
    ip,
    userId: null,
    apiTokenId: null,
  };
}

/**
 * The per-address and per-account socket counts behind the caps: counted on open, welcome and close, never
 * scanned, so a reconnect storm stays linear.
 */
interface SocketCounts {
  /** Why a new socket from this address is refused (its caps are full), or null. */
  refusal(ip: string): string | null;
  opened(conn: Conn): void;
  welcomed(conn: Conn): void;
  closed(conn: Conn, wasReady: boolean): void;
  socketsOf(account: string): number;
}

function createSocketCounts(caps: {
  maxSocketsPerIp: number;
  maxUnauthenticatedSocketsPerIp: number;
}): SocketCounts {
  const perIp = new Map<string, number>();
  const unauthenticatedPerIp = new Map<string, number>();
  const perAccount = new Map<string, number>();
  const count = (map: Map<string, number>, key: string, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n > 0) map.set(key, n);
    else map.delete(key);
  };
  const accountsOf = (conn: Conn) => [
    ...(conn.userId ? [`user:${conn.userId}`] : []),
    ...(conn.apiTokenId ? [`api-token:${conn.apiTokenId}`] : []),
  ];
  return {
    refusal(ip) {
      if ((perIp.get(ip) ?? 0) >= caps.maxSocketsPerIp) return 'Too many connections from this address';
      if ((unauthenticatedPerIp.get(ip) ?? 0) >= caps.maxUnauthenticatedSocketsPerIp)
        return 'Too many unauthenticated connections from this address';
      return null;
    },
    opened(conn) {
      countSocket('hello', +1);
      count(perIp, conn.ip, +1);
      count(unauthenticatedPerIp, conn.ip, +1);
    },
    welcomed(conn) {
      countSocket('hello', -1);
      countSocket(conn.kind, +1);
      count(unauthenticatedPerIp, conn.ip, -1);
      for (const account of accountsOf(conn)) count(perAccount, account, +1);
    },
    closed(conn, wasReady) {
      countSocket(wasReady ? conn.kind : 'hello', -1);
      count(perIp, conn.ip, -1);
      if (wasReady) for (const account of accountsOf(conn)) count(perAccount, account, -1);
      else count(unauthenticatedPerIp, conn.ip, -1);
    },
    socketsOf: (account) => perAccount.get(account) ?? 0,
  };
}

type UpgradeListener = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void;

/** The `upgrade` listener of one HTTP server: `accept`s the configured path, unless the hub is closed (503). */
function upgradeListener(
  server: http.Server,
  deps: Pick<ConnectionsDeps, 'path' | 'isClosed'>,
  accept: UpgradeListener,
): UpgradeListener {
  return (req, socket, head) => {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== deps.path) {
      // Leave other paths to other upgrade handlers (e.g. a dev server); refuse when there are none.
      if (server.listenerCount('upgrade') <= 1) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      }
      return;
    }
    if (deps.isClosed()) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    accept(req, socket, head);
  };
}

/** Closes every socket with `code`, terminating the ones still open after 1 s. */
async function closeSockets(conns: ReadonlySet<Conn>, code: number, reason: string): Promise<void> {
  const closing = [...conns].map(
    (conn) =>
      new Promise<void>((resolve) => {
        if (conn.ws.readyState === WebSocket.CLOSED) return resolve();
        conn.ws.once('close', () => resolve());
        conn.ws.close(code, reason);
      }),
  );
  await Promise.race([Promise.all(closing), sleep(1000)]);
  for (const conn of conns) conn.ws.terminate();
}

/** The client address of an upgrade: X-Forwarded-For's first entry behind a trusted proxy, else the peer. */
function clientIp(req: http.IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy
    ? String(req.headers['x-forwarded-for'] ?? '')
        .split(',')[0]
        ?.trim()
    : '';
  return forwarded || req.socket.remoteAddress || '';
}

/**
 * The key per-address limits count by: an IPv4 address as is (IPv4-mapped IPv6 included), an IPv6 address by
 * its /64 (one subscriber's prefix: a client holds a whole /64, so counting single addresses would not limit it).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
