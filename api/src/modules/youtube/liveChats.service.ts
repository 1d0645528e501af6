import { STATUS_TEXTS, type YouTubeLive, type YouTubeLiveState } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { countYouTubeLiveState } from '../../metrics/youtube.ts';
import { pacificDay } from '../../youtube/liveChat/quota.ts';
import { findLiveChat, unitsUsedOn, type LiveChatRow } from './liveChats.repository.ts';
import { findConnection, insertConnectionEvent, type YouTubeConnectionEvent } from './youtube.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;

/** What the Chat Loader says in each state (null: nothing stands in the way of Super Chats). */
const MESSAGES: Record<YouTubeLiveState, string | null> = {
  idle: null,
  following: null,
  ended: null,
  quotaExhausted: STATUS_TEXTS.youtubeQuotaExhausted,
  revoked: STATUS_TEXTS.youtubeRevoked,
  failing: STATUS_TEXTS.youtubeFailing,
};

/** The states that keep Super Chats from arriving, and the audit event each leaves. */
const BLOCKING: Partial<Record<YouTubeLiveState, YouTubeConnectionEvent>> = {
  quotaExhausted: 'quota_exhausted',
  revoked: 'grant_revoked',
  failing: 'failing',
};

/** The follower's state for the status and `youtube:live` (idle until a follower has looked at the channel). */
export async function youtubeLive(deps: Deps, creatorId: string, connectedAt: Date): Promise<YouTubeLive> {
  const row = await findLiveChat(deps.db, creatorId);
  const usedUnits = await unitsUsedOn(deps.db, pacificDay());
  const current = row && row.grantAt.getTime() === connectedAt.getTime() ? row : null;
  const state = current?.state ?? 'idle';
  return {
    state,
    broadcastTitle: state === 'following' ? (current?.broadcastTitle ?? null) : null,
    message: MESSAGES[state],
    quota: {
      dailyUnits: deps.config.YOUTUBE_DAILY_QUOTA_UNITS,
      usedUnits,
      pollEveryMs: current?.pollEveryMs ?? 0,
    },
    updatedAt: (current?.updatedAt ?? connectedAt).toISOString(),
  };
}

/** The creator's follower state now; null when no channel is connected (another instance's youtube:live news). */
export async function currentYouTubeLive(deps: Deps, creatorId: string): Promise<YouTubeLive | null> {
  const connection = await findConnection(deps.db, creatorId);
  return connection ? youtubeLive(deps, creatorId, connection.createdAt) : null;
}

/**
 * After the follower saved a change: a new state or broadcast reaches the creator's Chat Loaders (`youtube:live`,
 * every instance), a state that blocks Super Chats is audited, and every state change is counted.
 */
export async function announceLiveChange(
  deps: Deps & Pick<AppDeps, 'realtime'>,
  before: LiveChatRow,
  after: LiveChatRow,
): Promise<void> {
  if (before.state === after.state && before.broadcastId === after.broadcastId) return;
  if (before.state !== after.state) {
    countYouTubeLiveState(after.state);
    const event = BLOCKING[after.state];
    if (event)
      await insertConnectionEvent(deps.db, {
        creatorId: after.creatorId,
        event,
        channelId: after.channelId,
        detail: null,
      });
  }
  deps.realtime.youtubeLiveUpdated(after.creatorId, await youtubeLive(deps, after.creatorId, after.grantAt));
}
