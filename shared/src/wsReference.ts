// Zod-free, like apiReference.ts which re-exports it: what each message on /ws and each close code means, for
// /developers and the OpenAPI document's x-websocket section.
import type { ClientMessage, ServerMessageType } from './realtime.ts';
import type { WS_CLOSE } from './wsProtocol.ts';

/** What each message on /ws means (client → server, then server → client). */
export const WS_CLIENT_MESSAGES: Record<ClientMessage['type'], string> = {
  hello:
    'First message: `token` (a session, or a creator API token `shb_…` with events:subscribe for a bot) or `overlayKey`, optional `creator` handle (not with an API token), and `since`: the last version you hold per space.',
  ping: 'Keep-alive; the server answers pong.',
  'alert:ack':
    'Overlays only: this live tip (`tipId`) was put on screen, and `sound` says whether its sound and speech could play (`played`, `no_sound`: autoplay blocked, `failed`). The first receipt of a tip is recorded; later ones change nothing.',
  'overlay:state':
    'Overlays only, on change: `visible` (OBS shows the source) and `audible` (the page may play sound); the creator sees a warning when an overlay is connected but not showing or not heard.',
};

export const WS_SERVER_MESSAGES: Record<ServerMessageType, string> = {
  welcome: 'Answer to hello: the rooms you joined and the current version of each space.',
  'tip:new': 'A new tip in a creator space (versioned).',
  'tip:status': "A tip's status changed: read (pushed live), unread or ignore (versioned).",
  'tip:deleted': 'A tip was deleted (versioned).',
  'overlay:update': "The creator's overlay settings changed.",
  'wallet:update': "The signed-in user's wallet balance changed (versioned).",
  'payout:update':
    "A creator's payouts changed (an earning's state, a transfer, a settlement's UTR, the payout account's status): the whole payouts summary, on the creator's `payouts:<id>` space (versioned).",
  'overlay:presence':
    'How many OBS overlays of the creator are connected, how many OBS shows (`showing`) and how many of those may play sound (`heard`).',
  'tip:aired':
    'Creator rooms and bots: an overlay put this live tip on air; `data.aired` says when and whether its sound played (versioned, once per tip).',
  pong: 'Answer to ping.',
  'stream:update': 'A stream session started or ended: the latest session.',
  'timer:update':
    'The subathon timer started, paused, resumed or gained time: the run (end time or time left, server clock).',
  'alerts:update':
    'Alerts were paused or resumed, by the creator or a moderator: whether they are paused and how many wait.',
  'youtube:live':
    "Creator rooms only: the YouTube live-chat follower's state changed (following a broadcast, quota used up, access revoked), with the message the Chat Loader shows.",
  'timer:ended': 'The subathon timer ran out: the ended run (once per run; webhooks get timer.ended).',
  'tip:paid':
    'Overlay rooms only: a tip was paid (its id, none of its text), so widgets recount while it waits for moderation (versioned).',
  'show:test': 'Overlays only: show this marked test tip (not stored, not versioned).',
  'speech:ready': 'Overlays only: the speech of this live tip can be fetched from /api/overlay/speech/:id.',
  'speech:skip': 'Overlays only: stop the speech playing now.',
  'alert:show':
    'Overlays only: play these alerts in turn (`reason`: the creator pressed Replay, resumed paused alerts, or they were live while no overlay acknowledged them).',
  'moderation:tip':
    "A moderator's sockets only: a chat of a creator they moderate, new or changed, without amount, fee or phone (versioned in the creator space).",
  'moderation:deleted':
    "A moderator's sockets only: a chat of a creator they moderate was deleted (versioned).",
};

/** What each close code on /ws means. */
export const WS_CLOSE_MEANINGS: Record<keyof typeof WS_CLOSE, string> = {
  unauthorized:
    'The token or overlay key is missing, invalid, expired or was revoked (logout, password reset, key rotation). Do not reconnect with the same credential.',
  helloTimeout: 'No hello arrived in time after the socket opened.',
  badMessage: 'A message was not JSON or not one of the client message types.',
  forbidden:
    'The credential is valid but may not open a socket: an API token without the events:subscribe scope. Do not reconnect with it.',
  tooManySockets:
    'Too many sockets are open for this account (default 20), this API token (default 5) or this address (a generous ceiling), or this API token made too many requests; close one, or reconnect later with backoff.',
  replayThrottled:
    'Too many full catch-ups (hello.since of 0, or far behind) for this account or API token (default 10 a minute), or from this address (a generous ceiling); reconnect later with backoff, sending the versions you have.',
  creatorSuspended:
    "The overlay key's creator is suspended: an overlay or widget shows a neutral card and reconnects with backoff; the hello is accepted again once the suspension is lifted.",
  moderatorRemoved:
    'The creator removed this moderator: reconnect with backoff; the next hello no longer grants that creator.',
  shuttingDown:
    'The instance is shutting down; reconnect with backoff and send your versions in hello.since.',
};
