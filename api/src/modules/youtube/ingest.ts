import type { AppDeps } from '../../deps.ts';
import { countYouTubeEvent } from '../../metrics/youtube.ts';
import type { YouTubePaidEvent } from '../../youtube/paidEvent.ts';
import { autoLiveCandidate, getSafety, isNameBlocked, messageRefusal } from '../safety/safety.service.ts';
import type { SafetyRecord } from '../safety/safety.repository.ts';
import { creatorSpace } from '../sync/spaces.ts';
import { insertTip } from '../tips/tips.repository.ts';
import type { TipRecord } from '../../domain/tip.ts';
import { countedPaise } from './counting.ts';
import {
  authorsShownBefore,
  insertYouTubeEvent,
  lockChannelIngest,
  lockIngestConnection,
  storedMessageIds,
} from './youtubeEvents.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'realtime' | 'speech'>;

/**
 * The status a Super Chat lands with, by the rules of a signed-in viewer's tip: queued (`unread`) unless the creator
 * auto-shows trusted supporters (review mode and minimum, on the counted amount), this author's event was shown live
 * before, and neither the comment nor the author's name is refused by the creator's lists. It is never refused: it
 * was paid on YouTube.
 */
export function youtubeInitialStatus(
  settings: SafetyRecord,
  e: { comment: string; authorName: string; countedPaise: number; trusted: boolean },
): TipRecord['status'] {
  const live =
    e.trusted &&
    autoLiveCandidate(settings, e.countedPaise) &&
    messageRefusal(settings, e.comment) === null &&
    !isNameBlocked(settings, e.authorName);
  return live ? 'read' : 'unread';
}

/**
 * Lands Super Chats and Super Stickers of the creator's connected channel in their queue, in the given order, in
 * one transaction: a message id stored already is skipped; each becomes a `youtube` tip (guest name = the author's
 * display name, message = the comment, amount = what counts, no fee, no earning) with its original event, at the
 * status youtubeInitialStatus gives (alerts paused hold it as any tip). Nothing lands when the creator no longer holds
 * the channel. After the commit the creator space is announced as for any new tip (Chat Loaders, moderators,
 * overlays, bots, webhooks), and the speech of one that landed live is synthesised.
 */
export async function ingestYouTubeEvents(
  deps: Deps,
  conn: { creatorId: string; channelId: string },
  events: YouTubePaidEvent[],
): Promise<{ inserted: number }> {
  if (events.length === 0) return { inserted: 0 };
  const safety = await getSafety(deps.db, conn.creatorId);
  const landed = await deps.db.transaction(async (tx) => {
    await lockChannelIngest(tx, conn.channelId);
    const counting = await lockIngestConnection(tx, conn);
    if (!counting) return [];
    const stored = await storedMessageIds(
      tx,
      events.map((e) => e.messageId),
    );
    const trusted = await authorsShownBefore(
      tx,
      conn.creatorId,
      events.map((e) => e.authorChannelId),
    );
    const rows: Array<{ tip: TipRecord; kind: YouTubePaidEvent['kind']; counted: boolean }> = [];
    for (const e of events) {
      if (stored.has(e.messageId)) continue;
      stored.add(e.messageId);
      const counted = countedPaise(counting, e.amountMicros, e.currency);
      const amountPaise = counted ?? 0;
      const status = youtubeInitialStatus(safety, {
        comment: e.comment,
        authorName: e.authorName,
        countedPaise: amountPaise,
        trusted: trusted.has(e.authorChannelId),
      });
      const tip = await insertTip(tx, {
        creatorId: conn.creatorId,
        senderId: null,
        guestName: e.authorName,
        source: 'youtube',
        amountPaise,
        message: e.comment,
        status,
      });
      if (!(await insertYouTubeEvent(tx, { ...e, ...conn, tipId: tip.id, counted: counted !== null })))
        throw new Error(`youtube event ${e.messageId} stored twice in one ingest`);
      if (status === 'read') trusted.add(e.authorChannelId);
      rows.push({ tip, kind: e.kind, counted: counted !== null });
    }
    return rows;
  });
  if (landed.length === 0) return { inserted: 0 };
  deps.realtime.changed([creatorSpace(conn.creatorId)]);
  for (const { tip, kind, counted } of landed) {
    countYouTubeEvent(kind, counted);
    if (tip.status === 'read') deps.speech.tipLive(tip.id);
  }
  return { inserted: landed.length };
}
