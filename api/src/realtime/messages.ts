import {
  serverMessageSchema,
  type OverlaySettings,
  type PayoutSummary,
  type ServerMessage,
  type StreamSession,
  type Tip,
  type Wallet,
} from '@shabaash/shared';

/** Typed builders for every server → client message on /ws (the union lives in shared/src/realtime.ts). */
export const msg = {
  /** First answer to a valid hello: the rooms joined and the current version of each readable space. */
  welcome: (rooms: string[], versions: Record<string, number>): ServerMessage => ({
    type: 'welcome',
    rooms,
    versions,
  }),
  /** A tip the receiver has not seen before. */
  tipNew: (space: string, version: number, data: Tip): ServerMessage => ({
    type: 'tip:new',
    space,
    version,
    data,
  }),
  /** A change to a tip the receiver may already hold (status, pushed live…). */
  tipStatus: (space: string, version: number, data: Tip): ServerMessage => ({
    type: 'tip:status',
    space,
    version,
    data,
  }),
  /** A tip gone (deleted, or for overlay/public rooms: no longer live). */
  tipDeleted: (space: string, version: number, id: string): ServerMessage => ({
    type: 'tip:deleted',
    space,
    version,
    data: { id },
  }),
  /** New overlay settings of a creator. */
  overlayUpdate: (data: OverlaySettings): ServerMessage => ({ type: 'overlay:update', data }),
  /** The wallet's balance after its latest change. */
  walletUpdate: (space: string, version: number, data: Wallet): ServerMessage => ({
    type: 'wallet:update',
    space,
    version,
    data,
  }),
  /** The creator's payouts summary after its latest change (issue 13). */
  payoutUpdate: (space: string, version: number, data: PayoutSummary): ServerMessage => ({
    type: 'payout:update',
    space,
    version,
    data,
  }),
  /** How many overlay sockets of a creator are connected (to this instance). */
  overlayPresence: (count: number): ServerMessage => ({
    type: 'overlay:presence',
    data: { connected: count > 0, count },
  }),
  /** A paid tip not (yet) live, to overlay rooms: its id only, so the widgets recount (issue 14). */
  tipPaid: (space: string, version: number, id: string): ServerMessage => ({
    type: 'tip:paid',
    space,
    version,
    data: { id },
  }),
  /** A creator's latest stream session after a start or an end (issue 14). */
  streamUpdate: (session: StreamSession | null): ServerMessage => ({
    type: 'stream:update',
    data: { session },
  }),
  /** Answer to an application-level ping. */
  pong: (): ServerMessage => ({ type: 'pong' }),
};

/** Serialises a message, checking it against the shared union when `check` is on (the hub turns it on under NODE_ENV=test only). */
export function encode(message: ServerMessage, check: boolean): string {
  if (check) serverMessageSchema.parse(message);
  return JSON.stringify(message);
}
