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
  shuttingDown: 1001,
} as const;

/** How long a socket may stay silent before its hello (ms). */
export const WS_HELLO_TIMEOUT_MS = 5000;
export const WS_HEARTBEAT_MS = 15000;
