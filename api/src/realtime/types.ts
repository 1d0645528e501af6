import type { WebSocket } from 'ws';
import type { SocketKind } from '../metrics/sockets.ts';
import type { SessionClaims } from '../modules/sessions/sessions.service.ts';

/**
 * What a socket may see of a space: its own creator room, an overlay, a public page, its own wallet, or the
 * chats of a creator it moderates (every status, never an amount or a phone).
 */
export type View = 'full' | 'moderator' | 'overlay' | 'public' | 'wallet';

/** Wider views win when one hello grants the same space twice. */
export const VIEW_RANK: Record<View, number> = { wallet: 0, public: 1, overlay: 2, moderator: 3, full: 4 };

/** One socket's subscription to one space. */
export interface Sub {
  view: View;
  /** Highest version of this space already sent to (or skipped for) this socket. */
  lastSent: number;
  /** False until the socket's catch-up has run; live publishes skip it until then. */
  ready: boolean;
}

/** One open websocket and what it has been granted. */
export interface Conn {
  ws: WebSocket;
  /** Answered (pong or any message) since its last heartbeat ping. */
  alive: boolean;
  /** When the heartbeat last pinged it (Date.now()). */
  pingedAt: number;
  phase: 'hello' | 'auth' | 'ready' | 'closed';
  /** What it is once welcomed (creator, viewer, overlay, bot); `hello` before (open sockets by kind). */
  kind: SocketKind;
  helloTimer: NodeJS.Timeout | null;
  subs: Map<string, Sub>;
  overlayOf: string | null;
  /** An overlay's last `overlay:state` (alert receipts): shown by OBS, allowed to play sound. */
  overlayState: { visible: boolean; audible: boolean };
  /** The session a token hello signed in with (closed when that session is revoked). */
  session: SessionClaims | null;
  /** Who opened it, for the per-user, per-token and per-address caps (`ip` is connections.ts#addressKey). */
  ip: string;
  userId: string | null;
  /** The creator API token a bot's hello used (closed when that token is revoked). */
  apiTokenId: string | null;
}

export type SpaceKind = 'creator' | 'wallet' | 'payouts';

/** `creator:<id>`, `wallet:<id>` or `payouts:<id>` split into its kind and id; null for anything else. */
export function parseSpace(space: string): { kind: SpaceKind; id: string } | null {
  const i = space.indexOf(':');
  if (i < 0) return null;
  const kind = space.slice(0, i);
  const id = space.slice(i + 1);
  if (!id || (kind !== 'creator' && kind !== 'wallet' && kind !== 'payouts')) return null;
  return { kind, id };
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
