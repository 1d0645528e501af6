import type { ClientMessage, ServerMessage } from '@shabaash/shared';
// Not the barrel: this client is part of the overlay's bundle, which must stay free of zod.
import { WS_CLOSE } from '@shabaash/shared/wsProtocol';
import { isServerMessage } from './guards.ts';

// Framework-free on purpose: the React app and the plain-DOM OBS overlay share this client.

export type RealtimeStatus = 'connecting' | 'connected' | 'offline';

/** What the hello carries: a bearer token (creator/viewer) or an overlay key (OBS overlay). */
export interface RealtimeCredentials {
  token?: string;
  overlayKey?: string;
  creator?: string;
}

/** The subset of the browser WebSocket this client uses (lets tests pass a fake). */
export interface SocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface RealtimeSocketOptions {
  /** Read before every (re)connect; null means "nothing to connect with" (stays offline until reconnect()). */
  credentials: () => RealtimeCredentials | null;
  /** Default: `/ws` on the page's origin, ws: or wss: by protocol. */
  url?: string;
  createSocket?: SocketFactory;
  /** Extra validation on top of the light guards (the app passes zod); return null to drop a message. */
  parse?: (value: ServerMessage) => ServerMessage | null;
  /** App-level ping interval; a ping still unanswered at the next tick forces a reconnect. */
  pingMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  random?: () => number;
  /**
   * The server refused the credentials (close code 4001: revoked session, rotated overlay key). The client
   * stops reconnecting with them until reconnect() or the browser comes back online.
   */
  onUnauthorized?: (reason: string) => void;
  /**
   * The overlay key's creator is suspended (close code 4023): the page goes dark; the client keeps reconnecting
   * with its backoff, and the next welcome means the suspension was lifted.
   */
  onSuspended?: () => void;
}

export interface RealtimeSocket {
  /** Listens to every accepted server message (duplicates and stale versions already dropped). */
  onMessage(listener: (message: ServerMessage) => void): () => void;
  onStatus(listener: (status: RealtimeStatus) => void): () => void;
  status(): RealtimeStatus;
  /** Highest version seen per space (what the next hello sends as `since`). */
  versions(): Record<string, number>;
  /**
   * Sends a client message on the welcomed socket; false (nothing sent) while connecting or offline, so the
   * caller keeps it for the next welcome.
   */
  send(message: ClientMessage): boolean;
  /** Drops the current socket (if any) and connects again now. */
  reconnect(): void;
  /** Stops for good: closes the socket, clears timers, no more reconnects. */
  close(): void;
}

export const REALTIME_PING_MS = 15_000;
export const REALTIME_BACKOFF_BASE_MS = 500;
export const REALTIME_BACKOFF_MAX_MS = 10_000;
const OPEN = 1;

/** The default realtime URL: `/ws` on this origin, `wss:` when the page is served over https. */
export function defaultRealtimeUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}

/** Backoff before attempt `attempt` (0-based): exponential from `base`, capped at `max`, with equal jitter. */
export function backoffDelay(attempt: number, base: number, max: number, random: () => number): number {
  const ceiling = Math.min(max, base * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function hasVersion(
  message: ServerMessage,
): message is Extract<ServerMessage, { space: string; version: number }> {
  return 'space' in message && 'version' in message;
}

/**
 * The last version seen per space: a welcome sets where each space stands, and a versioned message passes only when
 * it is newer than the last one of its space (so a reconnect never replays a tip event).
 */
function versionGate() {
  const seen = new Map<string, number>();
  return {
    accept(message: ServerMessage): boolean {
      if (message.type === 'welcome') {
        // A space we had no version for starts at the server's current one; a version ahead of the server
        // (reset database) falls back to it so newer events are not dropped forever.
        for (const [space, version] of Object.entries(message.versions)) {
          const have = seen.get(space);
          if (have === undefined || have > version) seen.set(space, version);
        }
        return true;
      }
      if (!hasVersion(message)) return true;
      const have = seen.get(message.space);
      if (have !== undefined && message.version <= have) return false;
      seen.set(message.space, message.version);
      return true;
    },
    versions: (): Record<string, number> => Object.fromEntries(seen),
  };
}

/** A frame's text as a server message (checked, then shaped by `parse` when given), or null when it is none. */
function parseServerData(data: unknown, parse: RealtimeSocketOptions['parse']): ServerMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isServerMessage(value)) return null;
  return (parse ? parse(value) : value) ?? null;
}

/** Detaches a socket's handlers and closes it (it may be closed already). */
function closeQuietly(socket: SocketLike): void {
  socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
  try {
    socket.close();
  } catch {
    // already closed
  }
}

/**
 * Opens the realtime client: connects, says hello with the credentials and the versions it has, reconnects
 * forever with backoff and jitter, pings every `pingMs`, and drops any versioned message whose version is not
 * newer than the last one seen in its space (so a reconnect never replays a tip event).
 */
export function createRealtimeSocket(options: RealtimeSocketOptions): RealtimeSocket {
  const pingMs = options.pingMs ?? REALTIME_PING_MS;
  const base = options.backoffBaseMs ?? REALTIME_BACKOFF_BASE_MS;
  const max = options.backoffMaxMs ?? REALTIME_BACKOFF_MAX_MS;
  const random = options.random ?? Math.random;
  const createSocket: SocketFactory =
    options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);

  const messageListeners = new Set<(message: ServerMessage) => void>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  const gate = versionGate();
  let socket: SocketLike | null = null;
  let status: RealtimeStatus = 'offline';
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;
  let awaitingPong = false;
  let stopped = false;

  function setStatus(next: RealtimeStatus): void {
    if (status === next) return;
    status = next;
    for (const listener of [...statusListeners]) listener(next);
  }

  function clearTimers(): void {
    if (retryTimer) clearTimeout(retryTimer);
    if (pingTimer) clearInterval(pingTimer);
    retryTimer = null;
    pingTimer = null;
  }

  function drop(): void {
    const current = socket;
    socket = null;
    if (current) closeQuietly(current);
  }

  function scheduleRetry(): void {
    clearTimers();
    drop();
    if (stopped) return;
    setStatus('offline');
    const delay = backoffDelay(attempt, base, max, random);
    attempt += 1;
    retryTimer = setTimeout(connect, delay);
  }

  function handleData(data: unknown): void {
    const message = parseServerData(data, options.parse);
    if (!message) return;
    awaitingPong = false;
    if (message.type === 'pong') return;
    if (!gate.accept(message)) return;
    if (message.type === 'welcome') {
      attempt = 0;
      setStatus('connected');
    }
    for (const listener of [...messageListeners]) listener(message);
  }

  function connect(): void {
    clearTimers();
    drop();
    if (stopped) return;
    const credentials = options.credentials();
    if (!credentials || (!credentials.token && !credentials.overlayKey)) {
      setStatus('offline');
      return;
    }
    setStatus('connecting');
    let ws: SocketLike;
    try {
      ws = createSocket(options.url ?? defaultRealtimeUrl());
    } catch {
      scheduleRetry();
      return;
    }
    socket = ws;
    awaitingPong = false;
    ws.onopen = () => {
      const since = gate.versions();
      ws.send(JSON.stringify({ type: 'hello', ...credentials, since }));
      pingTimer = setInterval(() => {
        if (awaitingPong) {
          scheduleRetry();
          return;
        }
        if (ws.readyState !== OPEN) return;
        awaitingPong = true;
        ws.send(JSON.stringify({ type: 'ping' }));
      }, pingMs);
    };
    ws.onmessage = (event) => handleData(event.data);
    ws.onclose = (event) => {
      if (socket !== ws) return;
      const { code, reason } = (event ?? {}) as { code?: number; reason?: string };
      if (code === WS_CLOSE.unauthorized) {
        clearTimers();
        drop();
        setStatus('offline');
        options.onUnauthorized?.(reason ?? '');
        return;
      }
      if (code === WS_CLOSE.creatorSuspended) options.onSuspended?.();
      scheduleRetry();
    };
    ws.onerror = () => undefined; // onclose follows an error; reconnect from there.
  }

  const onOnline = () => {
    if (!stopped && status !== 'connected') {
      attempt = 0;
      connect();
    }
  };
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);

  connect();

  return {
    onMessage(listener) {
      messageListeners.add(listener);
      return () => messageListeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    status: () => status,
    versions: gate.versions,
    send(message) {
      if (status !== 'connected' || !socket || socket.readyState !== OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    reconnect() {
      attempt = 0;
      connect();
    },
    close() {
      stopped = true;
      clearTimers();
      drop();
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      setStatus('offline');
    },
  };
}

/**
 * The socket of an OBS page (the overlay or a widget), joined by its overlay key. A refused key (rotated: an old,
 * perhaps leaked link) calls `onRevoked` and says why in the log only; a suspended creator calls `onSuspended`
 * (the page goes dark until the next welcome).
 */
export function createOverlayKeySocket(
  overlayKey: string,
  createSocket: SocketFactory | undefined,
  page: 'Overlay' | 'Widget',
  onRevoked: () => void,
  onSuspended?: () => void,
): RealtimeSocket {
  return createRealtimeSocket({
    credentials: () => ({ overlayKey }),
    createSocket,
    onSuspended,
    onUnauthorized: (reason) => {
      console.warn(
        `${page} disconnected: ${reason || 'overlay key refused'}. Copy the new link from Overlay Studio.`,
      );
      onRevoked();
    },
  });
}
