import type http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { clientMessageSchema, WS_CLOSE, type ClientMessage } from '@shabaash/shared';
import type { Logger } from '../logger.ts';
import { msg } from './messages.ts';
import type { Hello } from './grants.ts';
import type { Sender } from './sending.ts';
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

export function createConnections(deps: {
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
  onClose(conn: Conn, wasReady: boolean): void;
}): Connections {
  const { log, sender } = deps;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 16 * 1024,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const conns = new Set<Conn>();
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
  const servers: Array<{
    server: http.Server;
    listener: (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void;
  }> = [];

  function onMessage(conn: Conn, raw: RawData, isBinary: boolean): void {
    conn.alive = true;
    const parsed = parseClientFrame(raw, isBinary);
    if (!parsed) return sender.refuse(conn, WS_CLOSE.badMessage, 'Malformed message');
    if (parsed.type === 'ping') return sender.send(conn, msg.pong());
    if (conn.phase !== 'hello') return sender.refuse(conn, WS_CLOSE.badMessage, 'Duplicate hello');
    if (conn.helloTimer) clearTimeout(conn.helloTimer);
    conn.helloTimer = null;
    deps.onHello(conn, parsed);
  }

  function onClose(conn: Conn): void {
    const wasReady = conn.phase === 'ready';
    conn.phase = 'closed';
    if (conn.helloTimer) clearTimeout(conn.helloTimer);
    if (conns.delete(conn)) {
      count(perIp, conn.ip, -1);
      if (wasReady) for (const account of accountsOf(conn)) count(perAccount, account, -1);
      else count(unauthenticatedPerIp, conn.ip, -1);
    }
    deps.onClose(conn, wasReady);
  }

  function onConnection(ws: WebSocket, req: http.IncomingMessage): void {
    const ip = addressKey(clientIp(req, deps.trustProxy));
    const refusal =
      (perIp.get(ip) ?? 0) >= deps.maxSocketsPerIp
        ? 'Too many connections from this address'
        : (unauthenticatedPerIp.get(ip) ?? 0) >= deps.maxUnauthenticatedSocketsPerIp
          ? 'Too many unauthenticated connections from this address'
          : null;
    if (refusal) {
      ws.on('error', () => undefined);
      ws.close(WS_CLOSE.tooManySockets, refusal);
      return;
    }
    const conn: Conn = {
      ws,
      alive: true,
      phase: 'hello',
      helloTimer: null,
      subs: new Map(),
      overlayOf: null,
      session: null,
      ip,
      userId: null,
      apiTokenId: null,
    };
    conns.add(conn);
    count(perIp, ip, +1);
    count(unauthenticatedPerIp, ip, +1);
    conn.helloTimer = setTimeout(() => {
      conn.helloTimer = null;
      if (conn.phase === 'hello')
        sender.refuse(
          conn,
          WS_CLOSE.helloTimeout,
          `No hello within ${Math.round(deps.helloTimeoutMs / 1000)} s`,
        );
    }, deps.helloTimeoutMs);
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
  }, deps.heartbeatMs);
  heartbeat.unref();

  return {
    conns,
    socketsOf: (account) => perAccount.get(account) ?? 0,
    welcomed(conn) {
      if (!conns.has(conn)) return;
      count(unauthenticatedPerIp, conn.ip, -1);
      for (const account of accountsOf(conn)) count(perAccount, account, +1);
    },
    attach(server) {
      const listener = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
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
        wss.handleUpgrade(req, socket, head, onConnection);
      };
      server.on('upgrade', listener);
      servers.push({ server, listener });
    },
    async close(code, reason) {
      clearInterval(heartbeat);
      for (const { server, listener } of servers) server.off('upgrade', listener);
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
      wss.close();
    },
  };
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
