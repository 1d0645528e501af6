import type { Executor } from '../../db/knex.ts';
import type { CountSettings } from './counting.ts';

/** A creator's connected channel, as stored (the refresh token stays sealed here). */
export interface YouTubeConnectionRow {
  creatorId: string;
  channelId: string;
  channelTitle: string;
  refreshTokenSealed: Buffer;
  createdAt: Date;
  /** How Super Chats count (migration 20261128060000). */
  counting: CountSettings;
}

interface Row {
  creator_id: string;
  channel_id: string;
  channel_title: string;
  refresh_token_sealed: Buffer;
  created_at: Date;
  count_mode: CountSettings['countMode'];
  rates: Record<string, number>;
}

const toConnection = (r: Row): YouTubeConnectionRow => ({
  creatorId: r.creator_id,
  channelId: r.channel_id,
  channelTitle: r.channel_title,
  refreshTokenSealed: r.refresh_token_sealed,
  createdAt: r.created_at,
  counting: { countMode: r.count_mode, ratesPaise: r.rates },
});

export async function findConnection(db: Executor, creatorId: string): Promise<YouTubeConnectionRow | null> {
  const row = await db<Row>('youtube_connections').where({ creator_id: creatorId }).first();
  return row ? toConnection(row) : null;
}

/** True when another creator holds this channel. */
export async function channelHeldByOther(
  db: Executor,
  channelId: string,
  creatorId: string,
): Promise<boolean> {
  const row = await db('youtube_connections')
    .where({ channel_id: channelId })
    .whereNot({ creator_id: creatorId })
    .first('creator_id');
  return row !== undefined;
}

/** Stores the creator's channel and sealed token, replacing an earlier connection of theirs. */
export async function upsertConnection(
  db: Executor,
  c: Omit<YouTubeConnectionRow, 'createdAt' | 'counting'>,
): Promise<YouTubeConnectionRow> {
  const [row] = await db('youtube_connections')
    .insert({
      creator_id: c.creatorId,
      channel_id: c.channelId,
      channel_title: c.channelTitle,
      refresh_token_sealed: c.refreshTokenSealed,
    })
    .onConflict('creator_id')
    .merge({
      channel_id: c.channelId,
      channel_title: c.channelTitle,
      refresh_token_sealed: c.refreshTokenSealed,
      created_at: db.fn.now(),
      updated_at: db.fn.now(),
    })
    .returning('*');
  return toConnection(row as Row);
}

/** Deletes the creator's connection and returns it (null when there was none). */
export async function deleteConnection(
  db: Executor,
  creatorId: string,
): Promise<YouTubeConnectionRow | null> {
  const [row] = await db<Row>('youtube_connections').where({ creator_id: creatorId }).delete().returning('*');
  return row ? toConnection(row as Row) : null;
}

/** Saves how the creator's Super Chats count; null when no channel is connected. */
export async function updateCountSettings(
  db: Executor,
  creatorId: string,
  counting: CountSettings,
): Promise<YouTubeConnectionRow | null> {
  const [row] = await db('youtube_connections')
    .where({ creator_id: creatorId })
    .update({
      count_mode: counting.countMode,
      rates: JSON.stringify(counting.ratesPaise),
      updated_at: db.fn.now(),
    })
    .returning('*');
  return row ? toConnection(row as Row) : null;
}

/** Records a started sign-in; a creator keeps at most a few open ones (older ones are dropped). */
export async function insertOAuthState(
  db: Executor,
  s: { stateHash: Buffer; creatorId: string; codeVerifierSealed: Buffer; ttlMs: number },
): Promise<void> {
  await db('youtube_oauth_states')
    .where({ creator_id: s.creatorId })
    .where('expires_at', '<', db.fn.now())
    .delete();
  await db('youtube_oauth_states').insert({
    state_hash: s.stateHash,
    creator_id: s.creatorId,
    code_verifier_sealed: s.codeVerifierSealed,
    expires_at: db.raw(`now() + make_interval(secs => ?)`, [s.ttlMs / 1000]),
  });
}

/** Takes (deletes) the creator's unexpired sign-in with this state hash: its sealed PKCE verifier, or null. */
export async function takeOAuthState(
  db: Executor,
  stateHash: Buffer,
  creatorId: string,
): Promise<Buffer | null> {
  const [row] = await db('youtube_oauth_states')
    .where({ state_hash: stateHash, creator_id: creatorId })
    .where('expires_at', '>', db.fn.now())
    .delete()
    .returning('code_verifier_sealed');
  return row ? (row as { code_verifier_sealed: Buffer }).code_verifier_sealed : null;
}

/** Connect YouTube's steps, the count settings saved, and the live-chat follower's states that keep Super Chats from arriving. */
export type YouTubeConnectionEvent =
  'connected' | 'disconnected' | 'refused' | 'settings' | 'quota_exhausted' | 'grant_revoked' | 'failing';

/** Appends one row to the creator's Connect YouTube audit trail. */
export async function insertConnectionEvent(
  db: Executor,
  e: { creatorId: string; event: YouTubeConnectionEvent; channelId: string | null; detail: string | null },
): Promise<void> {
  await db('youtube_connection_events').insert({
    creator_id: e.creatorId,
    event: e.event,
    channel_id: e.channelId,
    detail: e.detail,
  });
}
