import { ws, type WebSocketHandler } from 'msw';
import {
  WS_CLOSE,
  clientMessageSchema,
  paiseToRupees,
  serverMessageSchema,
  type ClientMessage,
  type ServerMessage,
  type Tip,
} from '@shabaash/shared';
import {
  creatorSpace,
  onChange,
  simulateIncomingTip,
  versionOf,
  walletSpace,
  type MockChange,
  type MockState,
  type MockTipRow,
} from './state.ts';

type View = 'full' | 'public' | 'overlay' | 'wallet';
type ClientHello = Extract<ClientMessage, { type: 'hello' }>;

interface Client {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

interface Conn {
  client: Client;
  subs: Map<string, { view: View; lastSent: number }>;
  creatorOf: string | null;
  overlayOf: string | null;
}

export interface MockRealtimeOptions {
  /** A simulated superchat for the default creator every this many ms while someone is connected (0 = off). */
  incomingEveryMs?: number;
}

function send(conn: Conn, message: ServerMessage): void {
  // Validated with the shared union, so the mock cannot drift from the protocol.
  conn.client.send(JSON.stringify(serverMessageSchema.parse(message)));
}

const hidePhone = (tip: Tip): Tip => ({ ...tip, sender: tip.sender ? { ...tip.sender, phone: null } : null });

/** The message a subscriber with `view` gets for a tip row, as the API's hub decides it. */
function tipMessage(space: string, row: MockTipRow, view: View, isNew: boolean): ServerMessage | null {
  const version = row.tip.version;
  if (view === 'wallet') return null;
  if (view === 'full') {
    if (row.deleted) return { type: 'tip:deleted', space, version, data: { id: row.tip.id } };
    return { type: isNew ? 'tip:new' : 'tip:status', space, version, data: row.tip };
  }
  if (row.deleted || row.tip.status !== 'read') {
    return isNew ? null : { type: 'tip:deleted', space, version, data: { id: row.tip.id } };
  }
  return { type: isNew ? 'tip:new' : 'tip:status', space, version, data: hidePhone(row.tip) };
}

function deliverTip(conn: Conn, space: string, row: MockTipRow): void {
  const sub = conn.subs.get(space);
  if (!sub || row.tip.version <= sub.lastSent) return;
  const isNew = row.createdVersion > sub.lastSent;
  sub.lastSent = row.tip.version;
  const message = tipMessage(space, row, sub.view, isNew);
  if (message) send(conn, message);
}

/**
 * The rooms a hello may join (its session's wallet and creator spaces, a creator's public space, an overlay key's
 * overlay), subscribed on `conn`; or the close code and reason it is refused with.
 */
function grantRooms(
  state: MockState,
  conn: Conn,
  message: ClientHello,
): { granted: string[] } | { refused: [number, string] } {
  const rooms: string[] = [];
  const join = (room: string, space: string, view: View) => {
    rooms.push(room);
    const prev = conn.subs.get(space);
    const rank: Record<View, number> = { wallet: 0, public: 1, overlay: 2, full: 3 };
    if (!prev || rank[view] > rank[prev.view]) conn.subs.set(space, { view, lastSent: 0 });
  };
  if (!message.token && !message.overlayKey) {
    return { refused: [WS_CLOSE.unauthorized, 'Missing credentials: send a token or an overlayKey'] };
  }
  if (message.token) {
    const userId = state.sessions.get(message.token);
    const user = userId ? state.users.get(userId)?.user : undefined;
    if (!user) {
      return { refused: [WS_CLOSE.unauthorized, 'Invalid or expired session'] };
    }
    join(`wallet:${user.id}`, walletSpace(user.id), 'wallet');
    if (state.creators.has(user.id)) {
      conn.creatorOf = user.id;
      join(`creator:${user.id}`, creatorSpace(user.id), 'full');
    }
    const publicOf = message.creator
      ? [...state.creators.values()].find((c) => c.handle === message.creator)?.userId
      : conn.creatorOf
        ? undefined
        : state.defaultCreatorId;
    if (message.creator && !publicOf) {
      return { refused: [WS_CLOSE.badMessage, 'Unknown creator'] };
    }
    if (publicOf && publicOf !== conn.creatorOf) join(`public:${publicOf}`, creatorSpace(publicOf), 'public');
  }
  if (message.overlayKey) {
    const creator = [...state.creators.values()].find((c) => c.overlayKey === message.overlayKey);
    if (!creator) {
      return { refused: [WS_CLOSE.unauthorized, 'Invalid overlay key'] };
    }
    conn.overlayOf = creator.userId;
    join(`overlay:${creator.userId}`, creatorSpace(creator.userId), 'overlay');
  }
  return { granted: rooms };
}

/** The current version of every space `conn` subscribes to. */
function versionsOf(state: MockState, conn: Conn): Record<string, number> {
  return Object.fromEntries([...conn.subs.keys()].map((space) => [space, versionOf(state, space)]));
}

/** Sends what a hello's `since` missed in each subscribed space; live changes then stream from `versions`. */
function replayMissed(
  state: MockState,
  conn: Conn,
  versions: Record<string, number>,
  since: Record<string, number> | undefined,
): void {
  for (const [space, sub] of conn.subs) {
    const current = versions[space] ?? 0;
    const asked = since?.[space];
    sub.lastSent = asked !== undefined && asked <= current ? asked : current;
    if (sub.lastSent >= current) continue;
    if (space.startsWith('creator:')) {
      const rows = [...state.tips.values()]
        .filter((r) => creatorSpace(r.tip.creatorId) === space && r.tip.version > sub.lastSent)
        .sort((a, b) => a.tip.version - b.tip.version);
      for (const row of rows) deliverTip(conn, space, row);
    } else {
      const userId = space.slice('wallet:'.length);
      const balancePaise = state.wallets.get(userId)?.balancePaise ?? 0;
      sub.lastSent = current;
      send(conn, {
        type: 'wallet:update',
        space,
        version: current,
        data: { balance: paiseToRupees(balancePaise), balancePaise },
      });
    }
    sub.lastSent = current;
  }
}

/**
 * The `/ws` realtime protocol of shared/src/realtime.ts over MSW's websocket interception: hello → welcome with
 * the versions of the joined spaces (replaying what a `since` missed), tip:new / tip:status / tip:deleted as the
 * state changes (push live, delete, sends), wallet:update, overlay:update and presence, and a simulated stream of
 * superchats so the Chat Loader and overlay move.
 */
export function createWsHandlers(state: MockState, options: MockRealtimeOptions = {}): WebSocketHandler[] {
  const conns = new Set<Conn>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let unsubscribe: (() => void) | null = null;

  const presence = (creatorId: string) => {
    const count = [...conns].filter((c) => c.overlayOf === creatorId).length;
    for (const conn of conns) {
      if (conn.creatorOf === creatorId)
        send(conn, { type: 'overlay:presence', data: { connected: count > 0, count } });
    }
  };

  const onStateChange = (change: MockChange) => {
    for (const conn of conns) {
      if (change.kind === 'tip') deliverTip(conn, change.space, change.row);
      else if (change.kind === 'wallet') {
        const sub = conn.subs.get(change.space);
        if (!sub || change.version <= sub.lastSent) continue;
        sub.lastSent = change.version;
        send(conn, {
          type: 'wallet:update',
          space: change.space,
          version: change.version,
          data: { balance: paiseToRupees(change.balancePaise), balancePaise: change.balancePaise },
        });
      } else if (change.kind === 'show') {
        if (conn.overlayOf === change.creatorId) send(conn, change.message);
      } else if (conn.overlayOf === change.creatorId || conn.creatorOf === change.creatorId) {
        send(conn, { type: 'overlay:update', data: change.settings });
      }
    }
  };

  const start = () => {
    unsubscribe ??= onChange(state, onStateChange);
    const every = options.incomingEveryMs ?? 0;
    if (every > 0 && !timer) timer = setInterval(() => simulateIncomingTip(state), every);
  };
  const stopIfIdle = () => {
    if (conns.size > 0) return;
    if (timer) clearInterval(timer);
    timer = null;
    unsubscribe?.();
    unsubscribe = null;
  };

  // '*/ws' (ws: and wss: on any host). A 'ws://*/ws' pattern never matches in Chromium: MSW resolves it with
  // new URL(), which rewrites the '*' host, so connections would silently pass through to the dev server.
  const handlers = ['*/ws'].map((url) =>
    ws.link(url).addEventListener('connection', ({ client }) => {
      const conn: Conn = { client, subs: new Map(), creatorOf: null, overlayOf: null };
      let greeted = false;

      client.addEventListener('message', (event) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(event.data));
        } catch {
          client.close(WS_CLOSE.badMessage, 'Bad message');
          return;
        }
        const result = clientMessageSchema.safeParse(parsed);
        if (!result.success) {
          client.close(WS_CLOSE.badMessage, 'Bad message');
          return;
        }
        const message = result.data;
        if (message.type === 'ping') {
          send(conn, { type: 'pong' });
          return;
        }
        // Alert receipts: the mocks record none (an overlay's acknowledgement and state are accepted and dropped).
        if (message.type !== 'hello') return;
        if (greeted) return;
        greeted = true;
        const rooms = grantRooms(state, conn, message);
        if ('refused' in rooms) {
          client.close(...rooms.refused);
          return;
        }
        const versions = versionsOf(state, conn);
        send(conn, { type: 'welcome', rooms: rooms.granted, versions });
        replayMissed(state, conn, versions, message.since);
        conns.add(conn);
        start();
        if (conn.overlayOf) presence(conn.overlayOf);
        if (conn.creatorOf) presence(conn.creatorOf);
      });

      client.addEventListener('close', () => {
        conns.delete(conn);
        if (conn.overlayOf) presence(conn.overlayOf);
        stopIfIdle();
      });
    }),
  );
  return handlers;
}
