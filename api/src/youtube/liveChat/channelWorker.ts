import type { youtube_v3 } from '@googleapis/youtube';
import { ensureLiveChat, unitsUsedOn, type LiveChatRow } from '../../modules/youtube/liveChats.repository.ts';
import { findConnection } from '../../modules/youtube/youtube.repository.ts';
import { refreshContext } from '../../modules/youtube/youtube.service.ts';
import type { YouTubeOAuth } from '../google.ts';
import { openSecret } from '../tokenCipher.ts';
import { failureOf, type YouTubeFailure } from './poller.ts';
import { msUntilQuotaReset, pacificDay } from './quota.ts';
import { lookForBroadcast, pollChat, saveLiveChat, type FollowerDeps, type StepContext } from './steps.ts';

export type { FollowerDeps } from './steps.ts';

/** Errors in a row (network, 5xx) before the Chat Loader says YouTube is failing. */
const FAILING_AFTER = 3;
const MAX_BACKOFF_MS = 60_000;

export interface ChannelWorker {
  /** Start stream was pressed: look for the active broadcast now (when not already following one). */
  nudge(): void;
  /** Stops after the step in progress (its page token is saved only if its events were ingested). */
  stop(): Promise<void>;
  /** True once the loop has ended (the connection was deleted, or stop()). */
  done(): boolean;
}

/**
 * Follows one connected channel while this instance holds its lock: looks for the active broadcast (every
 * YOUTUBE_BROADCAST_CHECK_MS or the quota's spacing, and at once on Start stream), then reads its live chat page
 * after page, never sooner than YouTube's pollingIntervalMillis nor than the project's daily quota allows for the
 * channels followed now, and hands Super Chats and Super Stickers to the queue before saving the next page token.
 */
export function startChannelWorker(
  deps: FollowerDeps,
  oauth: YouTubeOAuth,
  channel: { creatorId: string; channelId: string },
): ChannelWorker {
  const { db, config } = deps;
  const { creatorId } = channel;
  const log = deps.logger.child({ module: 'youtube-follower', channelId: channel.channelId });
  const ctx: StepContext = { deps, ...channel, log };
  let stopped = false;
  let ended = false;
  let wake: (() => void) | null = null;
  let nudged = false;
  let errors = 0;
  let notBefore = 0;
  /** The Data API client of the current grant; `fresh` until a call of it succeeded (it refreshed its token). */
  let api: { grantAt: number; client: youtube_v3.Youtube; fresh: boolean } | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  /** A refused call: the state it leads to, and the wait before trying again. */
  async function failed(row: LiveChatRow, failure: YouTubeFailure, err: unknown): Promise<number> {
    if (failure === 'quota') {
      await saveLiveChat(ctx, row, { state: 'quotaExhausted' });
      return Math.min(config.YOUTUBE_QUOTA_RETRY_MS, msUntilQuotaReset());
    }
    if (failure === 'revoked') {
      await saveLiveChat(ctx, row, { state: 'revoked' });
      return config.YOUTUBE_BROADCAST_CHECK_MS;
    }
    if (failure === 'unauthorized' && !api?.fresh) {
      // The access token was refused: at once again with a new client, which refreshes it (or learns invalid_grant).
      api = null;
      return 0;
    }
    if (failure === 'ended') {
      await saveLiveChat(ctx, row, { state: 'ended', nextPageToken: null });
      return config.YOUTUBE_BROADCAST_CHECK_MS;
    }
    errors += 1;
    log.warn({ err: (err as Error).message, errors }, 'youtube: a live chat call failed');
    if (errors >= FAILING_AFTER) await saveLiveChat(ctx, row, { state: 'failing' });
    return Math.min(1000 * 2 ** errors, MAX_BACKOFF_MS);
  }

  /** One step of the loop; returns how long to wait before the next. */
  async function step(): Promise<number> {
    const connection = await findConnection(db, creatorId);
    if (!connection || connection.channelId !== channel.channelId) {
      ended = true;
      return 0;
    }
    const row = await ensureLiveChat(db, { ...channel, grantAt: connection.createdAt, day: pacificDay() });
    if (api?.grantAt !== connection.createdAt.getTime()) {
      const refreshToken = openSecret(
        config.youtubeTokenKey,
        connection.refreshTokenSealed,
        refreshContext(creatorId),
      );
      api = { grantAt: connection.createdAt.getTime(), client: oauth.dataApi(refreshToken), fresh: true };
      notBefore = 0;
    }
    // Revoked: nothing to try until the creator connects again (a new grant starts the row afresh).
    if (row.state === 'revoked') return config.YOUTUBE_BROADCAST_CHECK_MS;
    const following = row.liveChatId !== null && row.state !== 'ended';
    const wait = notBefore - Date.now();
    if (wait > 0 && !(nudged && !following)) return wait;
    nudged = false;
    if ((await unitsUsedOn(db, pacificDay())) >= config.YOUTUBE_DAILY_QUOTA_UNITS) {
      await saveLiveChat(ctx, row, { state: 'quotaExhausted' });
      return msUntilQuotaReset();
    }
    try {
      const next = following
        ? await pollChat(ctx, api.client, row)
        : await lookForBroadcast(ctx, api.client, row);
      api.fresh = false;
      errors = 0;
      return next;
    } catch (err) {
      return failed(row, failureOf(err), err);
    }
  }

  const running = (async () => {
    while (!stopped && !ended) {
      let waitMs: number;
      try {
        waitMs = await step();
      } catch (err) {
        log.error({ err }, 'youtube: the live chat follower failed');
        waitMs = 5000;
      }
      notBefore = Date.now() + waitMs;
      if (!stopped && !ended) await sleep(waitMs);
    }
  })();

  return {
    nudge() {
      nudged = true;
      wake?.();
    },
    async stop() {
      stopped = true;
      wake?.();
      await running;
    },
    done: () => ended || stopped,
  };
}
