import { Counter } from 'prom-client';
import { registry } from './registry.ts';

const connections = new Counter({
  name: 'shabaash_youtube_connections_total',
  help: 'Connect YouTube outcomes: connected, disconnected, refused (Google refused, or the state did not match), revoke_failed (Google unreachable at disconnect; the token was deleted anyway).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export type YouTubeConnectionOutcome = 'connected' | 'disconnected' | 'refused' | 'revoke_failed';

/** Counts one Connect YouTube outcome. */
export function countYouTubeConnection(outcome: YouTubeConnectionOutcome): void {
  connections.inc({ outcome });
}

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
