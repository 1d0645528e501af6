import type { Executor } from '../../db/knex.ts';
import type { YouTubePaidEvent } from '../../youtube/paidEvent.ts';
import type { CountSettings } from './counting.ts';

// Super Chats and Super Stickers (migration 20261128060000): the original event beside its tips row.

/**
 * The connection the events arrive for, locked (for share) for the ingest's transaction with its count settings;
 * null when the creator no longer holds this channel, or the creator is deleted (nothing lands then).
 */
export async function lockIngestConnection(
  tx: Executor,
  conn: { creatorId: string; channelId: string },
): Promise<CountSettings | null> {
  const row = await tx('youtube_connections as y')
    .join('creators as c', 'c.user_id', 'y.creator_id')
    .where({ 'y.creator_id': conn.creatorId, 'y.channel_id': conn.channelId })
    .whereNull('c.deleted_at')
    .forShare('y')
    .first<{ count_mode: CountSettings['countMode']; rates: Record<string, number> } | undefined>(
      'y.count_mode',
      'y.rates',
    );
  return row ? { countMode: row.count_mode, ratesPaise: row.rates } : null;
}

/**
 * Serialises ingests of one channel until the transaction ends (a follower taken over mid-batch and its successor),
 * so the stored-id check below is never raced.
 */
export async function lockChannelIngest(tx: Executor, channelId: string): Promise<void> {
  await tx.raw(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`youtube-ingest:${channelId}`]);
}

/** The message ids among these that are stored already. */
export async function storedMessageIds(tx: Executor, messageIds: readonly string[]): Promise<Set<string>> {
  if (messageIds.length === 0) return new Set();
  const rows = await tx('youtube_events')
    .whereIn('message_id', messageIds)
    .select<Array<{ message_id: string }>>('message_id');
  return new Set(rows.map((r) => r.message_id));
}

/** Authors (channel ids) among these of whom this creator has shown an event live before (the auto-live trust). */
export async function authorsShownBefore(
  tx: Executor,
  creatorId: string,
  authorChannelIds: readonly string[],
): Promise<Set<string>> {
  if (authorChannelIds.length === 0) return new Set();
  const rows = await tx('youtube_events as y')
    .join('tips as t', 't.id', 'y.tip_id')
    .where('y.creator_id', creatorId)
    .whereIn('y.author_channel_id', authorChannelIds)
    .where('t.status', 'read')
    .whereNull('t.deleted_at')
    .distinct<Array<{ author_channel_id: string }>>('y.author_channel_id');
  return new Set(rows.map((r) => r.author_channel_id));
}

/** Stores the original event of a YouTube tip; false when its message id is stored already (nothing written). */
export async function insertYouTubeEvent(
  tx: Executor,
  e: YouTubePaidEvent & { tipId: string; creatorId: string; channelId: string; counted: boolean },
): Promise<boolean> {
  const rows = await tx('youtube_events')
    .insert({
      tip_id: e.tipId,
      creator_id: e.creatorId,
      channel_id: e.channelId,
      message_id: e.messageId,
      kind: e.kind,
      amount_micros: e.amountMicros,
      currency: e.currency,
      display_amount: e.displayAmount,
      tier: e.tier,
      sticker_id: e.stickerId,
      sticker_alt_text: e.stickerAltText,
      author_channel_id: e.authorChannelId,
      published_at: e.publishedAt,
      counted: e.counted,
    })
    .onConflict('message_id')
    .ignore()
    .returning('tip_id');
  return rows.length > 0;
}
