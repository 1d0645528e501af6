import { repeatEvery } from '../../jobs/repeat.ts';
import { listConnectedChannels } from '../../modules/youtube/liveChats.repository.ts';
import type { YouTubeOAuth } from '../google.ts';
import { startChannelWorker, type ChannelWorker, type FollowerDeps } from './channelWorker.ts';
import { openFollowerConnection, type FollowerConnection } from './lock.repository.ts';

interface Held {
  channelId: string;
  worker: ChannelWorker;
}

/**
 * The instance's YouTube live-chat follower: every YOUTUBE_CLAIM_MS it takes the connected channels no instance
 * follows (a session-level advisory lock per channel on its own connection, so one worker per channel across
 * instances, and a dead instance's channels are free as soon as its connection drops) and starts a worker for
 * each; it stops the workers of disconnected channels and releases their locks. Start stream nudges the worker of
 * the creator's channel (NOTIFY on the same connection). Returns stop().
 */
export function startYouTubeFollower(
  deps: FollowerDeps,
  oauth: YouTubeOAuth,
  databaseUrl: string,
): () => Promise<void> {
  const held = new Map<string, Held>();
  let connection: FollowerConnection | null = null;

  const stopAll = async () => {
    const workers = [...held.values()];
    held.clear();
    await Promise.all(workers.map((h) => h.worker.stop()));
  };

  async function claim(): Promise<void> {
    connection ??= await openFollowerConnection(databaseUrl, {
      onLost: (err) => {
        // Its locks went with it: another instance may take these channels now, so stop following them here.
        deps.logger.warn({ err }, 'youtube: the follower connection was lost; its channels are released');
        connection = null;
        void stopAll();
      },
      onNudge: (creatorId) => held.get(creatorId)?.worker.nudge(),
    });
    const lock = connection;
    const channels = await listConnectedChannels(deps.db);
    const connected = new Set(channels.map((c) => `${c.creatorId} ${c.channelId}`));
    for (const [creatorId, h] of held) {
      if (!h.worker.done() && connected.has(`${creatorId} ${h.channelId}`)) continue;
      held.delete(creatorId);
      await h.worker.stop();
      await lock.unlock(h.channelId);
    }
    for (const c of channels) {
      if (held.has(c.creatorId) || !(await lock.tryLock(c.channelId))) continue;
      held.set(c.creatorId, { channelId: c.channelId, worker: startChannelWorker(deps, oauth, c) });
    }
  }

  const stopClaims = repeatEvery({
    job: 'youtube follower',
    everyMs: deps.config.YOUTUBE_CLAIM_MS,
    firstNow: true,
    logger: deps.logger,
    failed: 'youtube: taking channels to follow failed',
    run: claim,
  });
  return async () => {
    await stopClaims();
    await stopAll();
    await connection?.end();
    connection = null;
  };
}
