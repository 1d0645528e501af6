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
