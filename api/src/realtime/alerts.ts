import type { RealtimeBus } from '../deps.ts';
import type { Executor } from '../db/knex.ts';
import type { Logger } from '../logger.ts';
import { alertShowMessages, claimReshows, recordReceipt } from '../modules/show/alerts.service.ts';
import type { OverlayMessage } from './connections.ts';
import { countsOf, type Presence } from './presence.ts';
import type { Sender } from './sending.ts';
import type { Conn } from './types.ts';

/**
 * Alert receipts on the hub: an overlay's `alert:ack` records the tip's receipt (once), its `overlay:state` moves
 * the creator's showing/heard counts (presence), and an overlay that comes back (hello, or shown again by OBS) gets
 * the live alerts no overlay acknowledged, claimed once so a second overlay or return never plays them twice.
 */
export interface AlertReceipts {
  onOverlayMessage(conn: Conn, message: OverlayMessage): void;
  overlayJoined(conn: Conn): void;
  /** Clears the pending re-show timers (hub close). */
  stop(): void;
}

/**
 * Re-shows fall due on ticks of this length (at least the re-show delay after the overlay came back, at most this
 * much later), so the overlays that came back together are claimed together.
 */
const RESHOW_TICK_MS = 250;

/** Receipts remembered per socket, so a resent acknowledgement costs no database read. */
const ACKS_REMEMBERED = 50;

export function createAlertReceipts(deps: {
  db: Executor;
  log: Logger;
  sender: Sender;
  presence: Presence;
  bus: () => RealtimeBus;
  /**
   * How long after an overlay comes back its re-show is claimed: an overlay that showed an alert meanwhile has
   * acknowledged it by then, so the one coming back does not play it a second time.
   */
  reshowDelayMs: number;
}): AlertReceipts {
  const { db, log, sender, presence } = deps;
  const timers = new Set<NodeJS.Timeout>();
  const acked = new WeakMap<Conn, string[]>();

  /** Overlays whose re-show waits for the claim in flight, per creator. */
  let waiting = new Map<string, Array<{ conn: Conn; cameBackAt: Date }>>();
  let claiming = false;

  /**
   * Claims the re-shows of every overlay that came back, of every creator, in ONE statement: at once when no claim
   * is in flight, else together once it returns (a deploy or a network cut brings thousands of overlays of
   * hundreds of creators back at once: one claim per round trip, not one per creator or per overlay).
   */
  function claimWaiting(): void {
    if (claiming || waiting.size === 0) return;
    const groups = waiting;
    waiting = new Map();
    claiming = true;
    const cameBack = new Map<string, Date[]>();
    for (const [creatorId, group] of groups)
      cameBack.set(
        creatorId,
        group.map((w) => w.cameBackAt),
      );
    claimReshows(db, cameBack)
      .then((perCreator) => {
        for (const [creatorId, group] of groups) {
          const perOverlay = perCreator.get(creatorId) ?? [];
          group.forEach(({ conn }, i) => {
            for (const message of alertShowMessages('reshow', perOverlay[i] ?? []))
              sender.send(conn, message);
          });
        }
      })
      .catch((err: unknown) => log.error({ err }, 'could not re-show unacknowledged alerts'))
      .finally(() => {
        claiming = false;
        claimWaiting();
      });
  }

  /** Overlays that came back, by the tick their re-show is due (one timer per tick, not one per overlay). */
  const due = new Map<number, Array<{ conn: Conn; cameBackAt: Date }>>();

  function reshowSoon(conn: Conn): void {
    // Alerts that go live from now on reach this overlay as they happen: only older ones are re-shown.
    const cameBackAt = new Date();
    const tick = Math.ceil((cameBackAt.getTime() + deps.reshowDelayMs) / RESHOW_TICK_MS) * RESHOW_TICK_MS;
    const overlays = due.get(tick);
    if (overlays) return void overlays.push({ conn, cameBackAt });
    due.set(tick, [{ conn, cameBackAt }]);
    const timer = setTimeout(() => {
      timers.delete(timer);
      for (const { conn: back, cameBackAt: at } of due.get(tick) ?? []) {
        const creatorId = back.overlayOf;
        if (back.phase !== 'ready' || !creatorId || !back.overlayState.visible) continue;
        const group = waiting.get(creatorId);
        if (group) group.push({ conn: back, cameBackAt: at });
        else waiting.set(creatorId, [{ conn: back, cameBackAt: at }]);
      }
      due.delete(tick);
      claimWaiting();
    }, tick - Date.now());
    timer.unref();
    timers.add(timer);
  }

  function ack(conn: Conn, creatorId: string, message: Extract<OverlayMessage, { type: 'alert:ack' }>) {
    const seen = acked.get(conn) ?? [];
    if (seen.includes(message.tipId)) return;
    acked.set(conn, [...seen, message.tipId].slice(-ACKS_REMEMBERED));
    recordReceipt({ db, realtime: deps.bus() }, creatorId, message.tipId, message.sound).catch(
      (err: unknown) => log.error({ err }, 'could not record an alert receipt'),
    );
  }

  function state(conn: Conn, creatorId: string, next: { visible: boolean; audible: boolean }) {
    const before = countsOf(conn.overlayState);
    const after = countsOf(next);
    const cameBack = next.visible && !conn.overlayState.visible;
    conn.overlayState = next;
    if (before.showing !== after.showing || before.heard !== after.heard)
      presence.change(creatorId, {
        count: 0,
        showing: after.showing - before.showing,
        heard: after.heard - before.heard,
      });
    if (cameBack) reshowSoon(conn);
  }

  return {
    onOverlayMessage(conn, message) {
      const creatorId = conn.overlayOf;
      if (!creatorId) return;
      if (message.type === 'alert:ack') return ack(conn, creatorId, message);
      state(conn, creatorId, { visible: message.visible, audible: message.audible });
    },
    overlayJoined: reshowSoon,
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      due.clear();
      waiting.clear();
    },
  };
}
