import type { YouTubeLiveState } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';
import { YOUTUBE_NUDGE_CHANNEL } from '../../youtube/liveChat/lock.repository.ts';

/** The live-chat follower's state of one connected channel, as stored (youtube_live_chats). */
export interface LiveChatRow {
  creatorId: string;
  channelId: string;
  grantAt: Date;
  state: YouTubeLiveState;
  broadcastId: string | null;
  broadcastTitle: string | null;
  liveChatId: string | null;
  nextPageToken: string | null;
  pollEveryMs: number;
  updatedAt: Date;
}

interface Row {
  creator_id: string;
  channel_id: string;
  grant_at: Date;
  state: YouTubeLiveState;
  broadcast_id: string | null;
  broadcast_title: string | null;
  live_chat_id: string | null;
  next_page_token: string | null;
  poll_every_ms: number;
  updated_at: Date;
}

const toLiveChat = (r: Row): LiveChatRow => ({
  creatorId: r.creator_id,
  channelId: r.channel_id,
  grantAt: r.grant_at,
  state: r.state,
  broadcastId: r.broadcast_id,
  broadcastTitle: r.broadcast_title,
  liveChatId: r.live_chat_id,
  nextPageToken: r.next_page_token,
  pollEveryMs: r.poll_every_ms,
  updatedAt: r.updated_at,
});

export async function findLiveChat(db: Executor, creatorId: string): Promise<LiveChatRow | null> {
  const row = await db<Row>('youtube_live_chats').where({ creator_id: creatorId }).first();
  return row ? toLiveChat(row) : null;
}

/** Every connected channel (who to follow). */
export async function listConnectedChannels(
  db: Executor,
): Promise<Array<{ creatorId: string; channelId: string }>> {
  const rows = await db('youtube_connections').select<Array<{ creator_id: string; channel_id: string }>>(
    'creator_id',
    'channel_id',
  );
  return rows.map((r) => ({ creatorId: r.creator_id, channelId: r.channel_id }));
}

/**
 * The channel's follower state for this grant: created idle when new, and started afresh (idle, no broadcast) when
 * the creator connected again since (another `grant_at`).
 */
export async function ensureLiveChat(
  db: Executor,
  c: { creatorId: string; channelId: string; grantAt: Date; day: string },
): Promise<LiveChatRow> {
  const [row] = await db('youtube_live_chats')
    .insert({ creator_id: c.creatorId, channel_id: c.channelId, grant_at: c.grantAt, quota_day: c.day })
    .onConflict('creator_id')
    .merge({
      channel_id: c.channelId,
      grant_at: c.grantAt,
      state: db.raw(
        `case when youtube_live_chats.grant_at = excluded.grant_at then youtube_live_chats.state else 'idle' end`,
      ),
      broadcast_id: db.raw(
        `case when youtube_live_chats.grant_at = excluded.grant_at then youtube_live_chats.broadcast_id end`,
      ),
      broadcast_title: db.raw(
        `case when youtube_live_chats.grant_at = excluded.grant_at then youtube_live_chats.broadcast_title end`,
      ),
      live_chat_id: db.raw(
        `case when youtube_live_chats.grant_at = excluded.grant_at then youtube_live_chats.live_chat_id end`,
      ),
      next_page_token: db.raw(
        `case when youtube_live_chats.grant_at = excluded.grant_at then youtube_live_chats.next_page_token end`,
      ),
    })
    .returning('*');
  return toLiveChat(row as Row);
}

export type LiveChatChange = Partial<
  Pick<
    LiveChatRow,
    'state' | 'broadcastId' | 'broadcastTitle' | 'liveChatId' | 'nextPageToken' | 'pollEveryMs'
  >
>;

/** Saves the follower's progress (a page token only after its events were ingested) and state; the row after. */
export async function updateLiveChat(
  db: Executor,
  creatorId: string,
  change: LiveChatChange,
): Promise<LiveChatRow | null> {
  const columns: Record<string, unknown> = { updated_at: db.fn.now() };
  if (change.state !== undefined) columns.state = change.state;
  if (change.broadcastId !== undefined) columns.broadcast_id = change.broadcastId;
  if (change.broadcastTitle !== undefined) columns.broadcast_title = change.broadcastTitle;
  if (change.liveChatId !== undefined) columns.live_chat_id = change.liveChatId;
  if (change.nextPageToken !== undefined) columns.next_page_token = change.nextPageToken;
  if (change.pollEveryMs !== undefined) columns.poll_every_ms = change.pollEveryMs;
  const [row] = await db('youtube_live_chats')
    .where({ creator_id: creatorId })
    .update(columns)
    .returning('*');
  return row ? toLiveChat(row as Row) : null;
}

/** Counts Data API units spent for this channel on the Pacific day `day` (a new day starts from zero). */
export async function addQuotaUnits(
  db: Executor,
  creatorId: string,
  day: string,
  units: number,
): Promise<void> {
  await db('youtube_live_chats')
    .where({ creator_id: creatorId })
    .update({
      quota_used_units: db.raw('case when quota_day = ?::date then quota_used_units + ? else ? end', [
        day,
        units,
        units,
      ]),
      quota_day: day,
    });
}

/** The Data API units every channel of this deployment spent on the Pacific day `day` (one project's quota). */
export async function unitsUsedOn(db: Executor, day: string): Promise<number> {
  const row = await db('youtube_live_chats')
    .where({ quota_day: day })
    .sum<{ used: string | null }>({ used: 'quota_used_units' })
    .first();
  return Number(row?.used ?? 0);
}

/** How many channels are being followed now (they share the quota). */
export async function countFollowing(db: Executor): Promise<number> {
  const row = await db('youtube_live_chats')
    .where({ state: 'following' })
    .count<{ n: string }>({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

/**
 * Tells the instance following this creator's channel to look for a broadcast now (Start stream). Inside a
 * transaction it is sent at commit.
 */
export async function nudgeYouTubeFollower(db: Executor, creatorId: string): Promise<void> {
  await db.raw('select pg_notify(?, ?)', [YOUTUBE_NUDGE_CHANNEL, creatorId]);
}
