import {
  serverMessageSchema,
  type OverlaySettings,
  type ServerMessage,
  type AlertsState,
  type StreamSession,
  type TimerRun,
  type YouTubeLive,
} from '@shabaash/shared';

/** A message of a version space (tips, wallet, payouts). */
type Versioned = Extract<ServerMessage, { space: string; version: number }>;

/** The builder of one versioned message type: its space, its version in that space, its data. */
function versioned<K extends Versioned['type']>(type: K) {
  return (space: string, version: number, data: Extract<Versioned, { type: K }>['data']): ServerMessage =>
    ({ type, space, version, data }) as Versioned;
}

/** Typed builders for every server → client message on /ws (the union lives in shared/src/realtime.ts). */
export const msg = {
  /** First answer to a valid hello: the rooms joined and the current version of each readable space. */
  welcome: (rooms: string[], versions: Record<string, number>): ServerMessage => ({
    type: 'welcome',
    rooms,
    versions,
  }),
  /** A tip the receiver has not seen before. */
  tipNew: versioned('tip:new'),
  /** A change to a tip the receiver may already hold (status, pushed live…). */
  tipStatus: versioned('tip:status'),
  /** A tip gone (deleted, or for overlay/public rooms: no longer live). */
  tipDeleted: (space: string, version: number, id: string) =>
    versioned('tip:deleted')(space, version, { id }),
  /** New overlay settings of a creator. */
  overlayUpdate: (data: OverlaySettings): ServerMessage => ({ type: 'overlay:update', data }),
  /** The wallet's balance after its latest change. */
  walletUpdate: versioned('wallet:update'),
  /** The creator's payouts summary after its latest change. */
  payoutUpdate: versioned('payout:update'),
  /** How many overlay sockets of a creator are connected, shown by OBS and heard (over every instance). */
  overlayPresence: ({
    count,
    showing,
    heard,
  }: {
    count: number;
    showing: number;
    heard: number;
  }): ServerMessage => ({
    type: 'overlay:presence',
    data: { connected: count > 0, count, showing, heard },
  }),
  /** An overlay acknowledged this live tip (alert receipts): the tip with `aired`, to creator rooms and bots. */
  tipAired: versioned('tip:aired'),
  /** A paid tip not (yet) live, to overlay rooms: its id only, so the widgets recount. */
  tipPaid: (space: string, version: number, id: string) => versioned('tip:paid')(space, version, { id }),
  /** A creator's latest stream session after a start or an end. */
  streamUpdate: (session: StreamSession | null): ServerMessage => ({
    type: 'stream:update',
    data: { session },
  }),
  /** A creator's subathon timer changed (started, paused, resumed, time added), or ran out. */
  timerUpdate: (run: TimerRun, ended: boolean): ServerMessage =>
    ended ? { type: 'timer:ended', data: { run } } : { type: 'timer:update', data: { run } },
  /** A chat of a moderated creator, new or changed, in the moderator's shape (no amount, fee or phone). */
  moderationTip: versioned('moderation:tip'),
  /** A chat of a moderated creator was deleted. */
  moderationDeleted: (space: string, version: number, id: string) =>
    versioned('moderation:deleted')(space, version, { id }),
  /** Alerts paused or resumed: the state, for the Chat Loaders and moderators. */
  alertsUpdate: (state: AlertsState): ServerMessage => ({ type: 'alerts:update', data: state }),
  /** The creator's YouTube live-chat follower changed state (quota, revoked grant, following a broadcast). */
  youtubeLive: (live: YouTubeLive): ServerMessage => ({ type: 'youtube:live', data: live }),
  /** Answer to an application-level ping. */
  pong: (): ServerMessage => ({ type: 'pong' }),
};

/** Serialises a message, checking it against the shared union when `check` is on (the hub turns it on under NODE_ENV=test only). */
export function encode(message: ServerMessage, check: boolean): string {
  if (check) serverMessageSchema.parse(message);
  return JSON.stringify(message);
}
