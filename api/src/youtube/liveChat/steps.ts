import type { youtube_v3 } from '@googleapis/youtube';
import type { AppDeps } from '../../deps.ts';
import type { Logger } from '../../logger.ts';
import { countYouTubeLiveCall } from '../../metrics/youtube.ts';
import { ingestYouTubeEvents } from '../../modules/youtube/ingest.ts';
import {
  addQuotaUnits,
  countFollowing,
  updateLiveChat,
  type LiveChatChange,
  type LiveChatRow,
} from '../../modules/youtube/liveChats.repository.ts';
import { announceLiveChange } from '../../modules/youtube/liveChats.service.ts';
import { failureOf, findActiveBroadcast, readChatPage } from './poller.ts';
import { callSpacingMs, pacificDay, QUOTA_UNITS } from './quota.ts';

// One channel worker's steps: read the next chat page, look for the active broadcast, save what changed.

export type FollowerDeps = Pick<AppDeps, 'db' | 'config' | 'logger' | 'realtime' | 'speech'>;

export interface StepContext {
  deps: FollowerDeps;
  creatorId: string;
  channelId: string;
  log: Logger;
}

type Method = 'liveChatMessages.list' | 'liveBroadcasts.list';

/** Saves a change and tells the creator when their state or broadcast changed; the row after. */
export async function saveLiveChat(
  ctx: StepContext,
  before: LiveChatRow,
  change: LiveChatChange,
): Promise<LiveChatRow> {
  const after = (await updateLiveChat(ctx.deps.db, ctx.creatorId, change)) ?? before;
  await announceLiveChange(ctx.deps, before, after);
  return after;
}

/** One Data API call, its units counted against the day's quota first (a refused call costs too). */
async function call<T>(ctx: StepContext, method: Method, units: number, run: () => Promise<T>): Promise<T> {
  await addQuotaUnits(ctx.deps.db, ctx.creatorId, pacificDay(), units);
  try {
    const result = await run();
    countYouTubeLiveCall(method, units, 'ok');
    return result;
  } catch (err) {
    countYouTubeLiveCall(method, units, failureOf(err));
    throw err;
  }
}

/** The spacing of this channel's calls: the project's daily quota shared by the channels followed now. */
async function spacing(ctx: StepContext, unitsPerCall: number, floorMs: number): Promise<number> {
  return callSpacingMs({
    dailyUnits: ctx.deps.config.YOUTUBE_DAILY_QUOTA_UNITS,
    unitsPerCall,
    channels: await countFollowing(ctx.deps.db),
    floorMs,
  });
}

/** Reads the next page of the followed chat into the queue; returns the wait before the next. */
export async function pollChat(
  ctx: StepContext,
  client: youtube_v3.Youtube,
  row: LiveChatRow,
): Promise<number> {
  const page = await call(ctx, 'liveChatMessages.list', QUOTA_UNITS.liveChatMessagesList, () =>
    readChatPage(client, row.liveChatId!, row.nextPageToken),
  );
  if (page.events.length > 0)
    await ingestYouTubeEvents(ctx.deps, { creatorId: ctx.creatorId, channelId: ctx.channelId }, page.events);
  const every = await spacing(ctx, QUOTA_UNITS.liveChatMessagesList, page.pollingIntervalMillis);
  // Saved only now that the page's events are in the queue: a crash before this repeats the page (deduplicated).
  await saveLiveChat(ctx, row, { state: 'following', nextPageToken: page.nextPageToken, pollEveryMs: every });
  return every;
}

/** Looks for the channel's active broadcast; follows a new live chat at once. Returns the wait before the next. */
export async function lookForBroadcast(
  ctx: StepContext,
  client: youtube_v3.Youtube,
  row: LiveChatRow,
): Promise<number> {
  const every = await spacing(
    ctx,
    QUOTA_UNITS.liveBroadcastsList,
    ctx.deps.config.YOUTUBE_BROADCAST_CHECK_MS,
  );
  const broadcast = await call(ctx, 'liveBroadcasts.list', QUOTA_UNITS.liveBroadcastsList, () =>
    findActiveBroadcast(client),
  );
  if (broadcast && broadcast.liveChatId !== row.liveChatId) {
    ctx.log.info({ broadcastId: broadcast.id }, 'youtube: following a live chat');
    await saveLiveChat(ctx, row, {
      state: 'following',
      broadcastId: broadcast.id,
      broadcastTitle: broadcast.title,
      liveChatId: broadcast.liveChatId,
      nextPageToken: null,
      pollEveryMs: 0,
    });
    return 0;
  }
  // Not live (or still the chat that ended): idle, or ended until another broadcast starts.
  await saveLiveChat(ctx, row, { state: row.liveChatId ? 'ended' : 'idle' });
  return every;
}
