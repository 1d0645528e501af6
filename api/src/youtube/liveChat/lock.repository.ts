import pg from 'pg';

/** The channel a Start stream is announced on (payload: the creator's id): the holder of its channel looks at once. */
export const YOUTUBE_NUDGE_CHANNEL = 'shabaash_youtube_nudge';
/** The application_name of the follower's connection (pg_stat_activity shows which instance holds a channel). */
export const FOLLOWER_APPLICATION_NAME = 'shabaash-youtube-follower';

/**
 * One instance's follower connection: the session-level advisory locks of the channels it follows (one worker per
 * channel across instances; PostgreSQL releases them when this connection drops, also on kill -9) and the LISTEN
 * for Start stream nudges. `onLost`: the connection is gone (so are its locks): stop every worker.
 */
export interface FollowerConnection {
  tryLock(channelId: string): Promise<boolean>;
  unlock(channelId: string): Promise<void>;
  end(): Promise<void>;
}

const LOCK_SQL = `select pg_try_advisory_lock(hashtext('shabaash youtube live chat'), hashtext($1)) as locked`;
const UNLOCK_SQL = `select pg_advisory_unlock(hashtext('shabaash youtube live chat'), hashtext($1))`;

export async function openFollowerConnection(
  databaseUrl: string,
  handlers: { onLost(err: unknown): void; onNudge(creatorId: string): void },
): Promise<FollowerConnection> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: `${FOLLOWER_APPLICATION_NAME} ${process.pid}`,
    keepAlive: true,
  });
  let open = false;
  client.on('error', (err) => {
    if (open) {
      open = false;
      handlers.onLost(err);
    }
  });
  client.on('end', () => {
    if (open) {
      open = false;
      handlers.onLost(new Error('the follower connection ended'));
    }
  });
  client.on('notification', (n) => {
    if (n.channel === YOUTUBE_NUDGE_CHANNEL && n.payload) handlers.onNudge(n.payload);
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${YOUTUBE_NUDGE_CHANNEL}`);
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  open = true;
  return {
    async tryLock(channelId) {
      const res = await client.query<{ locked: boolean }>(LOCK_SQL, [channelId]);
      return res.rows[0]?.locked === true;
    },
    async unlock(channelId) {
      await client.query(UNLOCK_SQL, [channelId]);
    },
    async end() {
      open = false;
      await client.end().catch(() => undefined);
    },
  };
}
