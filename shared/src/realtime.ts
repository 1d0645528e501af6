import { z } from 'zod';
import { payoutSummarySchema } from './payouts.ts';
import { moderatedTipSchema, overlaySettingsSchema, tipSchema, walletSchema } from './schemas.ts';
import { streamSessionSchema } from './schemas/widgets.ts';
import { timerRunSchema } from './schemas/timer.ts';
import { youtubeLiveSchema } from './youtube.ts';
import { alertsStateSchema, showMessageSchemas } from './showAlerts.ts';

import { ALERT_SOUNDS } from './wsProtocol.ts';

export { WS_CLOSE, WS_HEARTBEAT_MS, WS_HELLO_TIMEOUT_MS } from './wsProtocol.ts';

/** Spaces are the units of versioning: `creator:<id>` (chats), `wallet:<userId>` and `payouts:<creatorId>`. */
export const spaceVersionsSchema = z.record(z.string(), z.number().int().min(0));

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    /** A session token, or a creator API token (`shb_…`, scope events:subscribe) for a bot: never in the URL. */
    token: z.string().optional(),
    overlayKey: z.string().optional(),
    /** Handle of the creator whose public room (pushed-live tips) a signed-in viewer joins; default creator when absent. */
    creator: z.string().optional(),
    since: spaceVersionsSchema.optional(),
  }),
  z.object({ type: z.literal('ping') }),
  /** Overlay sockets only: this alert (a live tip) was put on screen, and whether its sound played. */
  z.object({
    type: z.literal('alert:ack'),
    tipId: z.string().max(100),
    sound: z.enum(ALERT_SOUNDS),
  }),
  /**
   * Overlay sockets only, on change: whether OBS shows the page (`visible`: document visibility and the
   * obsstudio source events) and whether it may play sound (`audible`: not blocked by autoplay rules).
   */
  z.object({ type: z.literal('overlay:state'), visible: z.boolean(), audible: z.boolean() }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

const versioned = { space: z.string(), version: z.number().int() };

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), rooms: z.array(z.string()), versions: spaceVersionsSchema }),
  z.object({ type: z.literal('tip:new'), ...versioned, data: tipSchema }),
  z.object({ type: z.literal('tip:status'), ...versioned, data: tipSchema }),
  z.object({ type: z.literal('tip:deleted'), ...versioned, data: z.object({ id: z.string() }) }),
  z.object({ type: z.literal('overlay:update'), data: overlaySettingsSchema }),
  z.object({ type: z.literal('wallet:update'), ...versioned, data: walletSchema }),
  /** The creator's payouts after a change: a whole summary, so only the newest version matters. */
  z.object({ type: z.literal('payout:update'), ...versioned, data: payoutSummarySchema }),
  z.object({
    type: z.literal('overlay:presence'),
    data: z.object({
      connected: z.boolean(),
      count: z.number().int(),
      /** Overlays OBS shows, and of those the ones that may play sound (alert receipts). */
      showing: z.number().int().optional(),
      heard: z.number().int().optional(),
    }),
  }),
  /**
   * An overlay acknowledged a live tip (alert receipts), to the creator's rooms and bots: the tip with `aired`
   * (when, and its sound). Versioned like every tip event; sent once per tip.
   */
  z.object({ type: z.literal('tip:aired'), ...versioned, data: tipSchema }),
  z.object({ type: z.literal('pong') }),
  /**
   * A tip was paid, to overlay rooms only: its id and nothing of its text, so the widgets (goal, top
   * supporters) recount while the tip waits for moderation (versioned like every tip event).
   */
  z.object({ type: z.literal('tip:paid'), ...versioned, data: z.object({ id: z.string() }) }),
  /** A stream session started or ended: the creator's latest session, to the creator and overlay rooms. */
  z.object({ type: z.literal('stream:update'), data: z.object({ session: streamSessionSchema.nullable() }) }),
  /** The subathon timer started, paused, resumed or gained time: the run, to the creator's and overlay rooms. */
  z.object({ type: z.literal('timer:update'), data: z.object({ run: timerRunSchema }) }),
  /** The subathon timer ran out (once per run): the run, to the creator's rooms (bots) and overlay rooms. */
  z.object({ type: z.literal('timer:ended'), data: z.object({ run: timerRunSchema }) }),
  /** Alerts were paused or resumed (by the creator or a moderator): the state, to the Chat Loaders and moderators. */
  z.object({ type: z.literal('alerts:update'), data: alertsStateSchema }),
  /** The creator's YouTube live-chat follower changed state (quota, revoked grant, following a broadcast). */
  z.object({ type: z.literal('youtube:live'), data: youtubeLiveSchema }),
  /**
   * A chat of a creator this socket moderates, new or changed: the moderator's shape (no amount, fee or phone).
   * Versioned in the creator's space like every tip event.
   */
  z.object({ type: z.literal('moderation:tip'), ...versioned, data: moderatedTipSchema }),
  /** A chat of a moderated creator was deleted. */
  z.object({ type: z.literal('moderation:deleted'), ...versioned, data: z.object({ id: z.string() }) }),
  // The show: test alert, speech ready, skip reading; overlay sockets only.
  ...showMessageSchemas,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerMessageType = ServerMessage['type'];
