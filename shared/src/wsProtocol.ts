// Zod-free on purpose: the OBS overlay's bundle imports this module directly (`@shabaash/shared/wsProtocol`);
// the package barrel would pull zod in, and zod's eval probe trips the overlay's Content Security Policy.

/** Close codes the server uses on /ws. */
export const WS_CLOSE = {
  unauthorized: 4001,
  helloTimeout: 4002,
  badMessage: 4003,
  /** Valid credential without the right to a socket: an API token lacking the events:subscribe scope. */
  forbidden: 4008,
  /** Too many open sockets for this account or this address (the client retries with its backoff). */
  tooManySockets: 4029,
  /** Too many full catch-ups (hello.since 0 or far behind) for this account or address: reconnect later with backoff. */
  replayThrottled: 4030,
  /**
   * The overlay key's creator is suspended by an operator: an OBS page shows a neutral dark card and keeps
   * retrying with its backoff, so it comes back by itself once the suspension is lifted.
   */
  creatorSuspended: 4023,
  /** The creator removed this moderator: the socket closes at once and reconnects without that creator's chats. */
  moderatorRemoved: 4009,
  shuttingDown: 1001,
} as const;

/** How long a socket may stay silent before its hello (ms). */
export const WS_HELLO_TIMEOUT_MS = 5000;
export const WS_HEARTBEAT_MS = 15000;

/**
 * Alert receipts: what an overlay says of each alert it put on screen (`alert:ack`). `played`: its sound (and
 * speech, when read) could play; `no_sound`: the page may not play audio (autoplay blocked, AudioContext
 * suspended); `failed`: the sound or speech raised an error.
 */
export const ALERT_SOUNDS = ['played', 'no_sound', 'failed'] as const;
export type AlertSound = (typeof ALERT_SOUNDS)[number];

/** Why an overlay gets alerts by `alert:show`: the creator's Replay, Resume after a pause, or its own return. */
export const ALERT_SHOW_REASONS = ['replay', 'resume', 'reshow'] as const;
export type AlertShowReason = (typeof ALERT_SHOW_REASONS)[number];

/** Alerts pushed live this long ago or less are shown again to an overlay that comes back (unacknowledged ones). */
export const ALERT_RESHOW_WINDOW_MS = 10 * 60 * 1000;
/** The Chat Loader warns when a live alert has no receipt this long after it went live (the overlay stalled). */
export const ALERT_RECEIPT_DEADLINE_MS = 5000;
