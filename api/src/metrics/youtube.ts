import { Counter } from 'prom-client';
import { counterBy, registry } from './registry.ts';

export type YouTubeConnectionOutcome = 'connected' | 'disconnected' | 'refused' | 'revoke_failed';

/** Counts one Connect YouTube outcome. */
export const countYouTubeConnection = counterBy<YouTubeConnectionOutcome>(
  'shabaash_youtube_connections_total',
  'Connect YouTube outcomes: connected, disconnected, refused (Google refused, or the state did not match), revoke_failed (Google unreachable at disconnect; the token was deleted anyway).',
  'outcome',
);

const livePolls = new Counter({
  name: 'shabaash_youtube_live_polls_total',
  help: "The live-chat follower's YouTube Data API calls by method (liveChatMessages.list, liveBroadcasts.list) and outcome (ok, quota, revoked, unauthorized, ended, other).",
  labelNames: ['method', 'outcome'] as const,
  registers: [registry],
});

const liveUnits = new Counter({
  name: 'shabaash_youtube_live_quota_units_total',
  help: "YouTube Data API quota units the live-chat follower spent (the project's daily quota is YOUTUBE_DAILY_QUOTA_UNITS).",
  registers: [registry],
});

/** Counts one follower call to YouTube, its quota units and how it went. */
export function countYouTubeLiveCall(
  method: 'liveChatMessages.list' | 'liveBroadcasts.list',
  units: number,
  outcome: 'ok' | 'quota' | 'revoked' | 'unauthorized' | 'ended' | 'other',
): void {
  livePolls.inc({ method, outcome });
  liveUnits.inc(units);
}

/** Counts one change of a channel's follower state. */
export const countYouTubeLiveState = counterBy<string>(
  'shabaash_youtube_live_states_total',
  "The live-chat follower's state changes, by the state entered (idle, following, quotaExhausted, revoked, ended, failing).",
  'state',
);

const events = new Counter({
  name: 'shabaash_youtube_events_total',
  help: 'Super Chats and Super Stickers that landed in a creator queue, by kind (superChat, superSticker) and whether they counted towards the goal, timer and tiers.',
  labelNames: ['kind', 'counted'] as const,
  registers: [registry],
});

/** Counts one Super Chat or Super Sticker that landed (a repeated message id is not counted again). */
export function countYouTubeEvent(kind: 'superChat' | 'superSticker', counted: boolean): void {
  events.inc({ kind, counted: String(counted) });
}
