import { Gauge } from 'prom-client';
import { registry } from './registry.ts';

/**
 * What an open /ws socket is: `hello` until its hello is welcomed, then `creator` (a creator's own app, the Chat
 * Loader), `viewer` (a signed-in viewer's app), `overlay` (an overlay key: the OBS overlay and the widgets, which
 * say the same hello) or `bot` (a creator API token).
 */
export type SocketKind = 'hello' | 'creator' | 'viewer' | 'overlay' | 'bot';

const openSockets = new Gauge({
  name: 'shabaash_open_sockets',
  help: 'Open /ws sockets of this process by kind: hello (not welcomed yet), creator, viewer, overlay (overlays and widgets) and bot (API tokens).',
  labelNames: ['kind'] as const,
  registers: [registry],
});
const byKind = Object.fromEntries(
  (['hello', 'creator', 'viewer', 'overlay', 'bot'] as const).map((kind) => [
    kind,
    openSockets.labels({ kind }),
  ]),
) as Record<SocketKind, ReturnType<typeof openSockets.labels>>;

/** A socket of `kind` opened (+1) or closed (-1); a welcome moves one from `hello` to its kind. */
export function countSocket(kind: SocketKind, by: 1 | -1): void {
  byKind[kind].inc(by);
}
