import type { youtube_v3 } from '@googleapis/youtube';
import type { YouTubePaidEvent } from '../paidEvent.ts';

// The live-chat follower's two YouTube Data API calls, through Google's client (it has no streaming list method
// for live chat, so the follower polls), what their items become, and what their errors mean.

export interface ActiveBroadcast {
  id: string;
  title: string;
  liveChatId: string;
}

/** The channel's active broadcast with a live chat (liveBroadcasts.list, broadcastStatus=active), or null. */
export async function findActiveBroadcast(api: youtube_v3.Youtube): Promise<ActiveBroadcast | null> {
  const res = await api.liveBroadcasts.list({
    part: ['id', 'snippet', 'status'],
    broadcastStatus: 'active',
    broadcastType: 'all',
  });
  const live = (res.data.items ?? []).find((b) => b.id && b.snippet?.liveChatId);
  return live
    ? { id: live.id!, title: live.snippet?.title ?? '', liveChatId: live.snippet!.liveChatId! }
    : null;
}

export interface ChatPage {
  events: YouTubePaidEvent[];
  nextPageToken: string | null;
  /** How long YouTube asks the client to wait before the next poll. */
  pollingIntervalMillis: number;
}

/** One page of a live chat after `pageToken` (liveChatMessages.list), its paid messages in YouTube's order. */
export async function readChatPage(
  api: youtube_v3.Youtube,
  liveChatId: string,
  pageToken: string | null,
): Promise<ChatPage> {
  const res = await api.liveChatMessages.list({
    liveChatId,
    part: ['id', 'snippet', 'authorDetails'],
    maxResults: 2000,
    ...(pageToken ? { pageToken } : {}),
  });
  return {
    events: (res.data.items ?? []).flatMap((item) => paidEventOf(item) ?? []),
    nextPageToken: res.data.nextPageToken ?? pageToken,
    pollingIntervalMillis: res.data.pollingIntervalMillis ?? 5000,
  };
}

/** A Super Chat or Super Sticker as a paid event; null for every other message (text, memberships, polls…). */
export function paidEventOf(item: youtube_v3.Schema$LiveChatMessage): YouTubePaidEvent | null {
  const snippet = item.snippet;
  if (!item.id || !snippet) return null;
  const author = {
    messageId: item.id,
    authorName: item.authorDetails?.displayName ?? '',
    authorChannelId: item.authorDetails?.channelId ?? snippet.authorChannelId ?? '',
    publishedAt: snippet.publishedAt ?? new Date().toISOString(),
  };
  const chat = snippet.superChatDetails;
  if (snippet.type === 'superChatEvent' && chat) {
    return {
      ...author,
      kind: 'superChat',
      amountMicros: Number(chat.amountMicros ?? 0),
      currency: chat.currency ?? '',
      displayAmount: chat.amountDisplayString ?? '',
      comment: chat.userComment ?? '',
      stickerId: null,
      stickerAltText: null,
      tier: chat.tier ?? 1,
    };
  }
  const sticker = snippet.superStickerDetails;
  if (snippet.type === 'superStickerEvent' && sticker) {
    return {
      ...author,
      kind: 'superSticker',
      amountMicros: Number(sticker.amountMicros ?? 0),
      currency: sticker.currency ?? '',
      displayAmount: sticker.amountDisplayString ?? '',
      comment: '',
      stickerId: sticker.superStickerMetadata?.stickerId ?? null,
      stickerAltText: sticker.superStickerMetadata?.altText ?? '',
      tier: sticker.tier ?? 1,
    };
  }
  return null;
}

/**
 * What an error of Google's client means for the follower: the project's quota is used up, Google refused the
 * stored grant (invalid_grant when refreshing the access token), the access token was refused (401: revoking a
 * grant revokes its access tokens too; the client refreshes only when it thinks the token expired), the live chat
 * ended (or is gone), or anything else (network, 5xx: tried again).
 */
export type YouTubeFailure = 'quota' | 'revoked' | 'unauthorized' | 'ended' | 'other';

export function failureOf(err: unknown): YouTubeFailure {
  const data = (err as { response?: { data?: unknown } }).response?.data as
    { error?: string | { errors?: Array<{ reason?: string }> } } | undefined;
  if (data?.error === 'invalid_grant') return 'revoked';
  if ((err as { response?: { status?: number } }).response?.status === 401) return 'unauthorized';
  const reason = typeof data?.error === 'object' ? data.error.errors?.[0]?.reason : undefined;
  if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded') return 'quota';
  if (reason === 'liveChatEnded' || reason === 'liveChatNotFound' || reason === 'liveChatDisabled')
    return 'ended';
  return 'other';
}
