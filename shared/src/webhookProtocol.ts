// Zod-free on purpose: the /developers page imports it (`@shabaash/shared/webhookProtocol`).

/** Events an outgoing webhook endpoint can subscribe to. */
export const WEBHOOK_EVENTS = [
  'tip.created',
  'tip.live',
  'tip.deleted',
  'tip.aired',
  'payout.updated',
  'stream.started',
  'stream.ended',
  'timer.ended',
  'youtube.superchat',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event means, for /developers and the OpenAPI document. */
export const WEBHOOK_EVENT_MEANINGS: Record<WebhookEvent, string> = {
  'tip.created':
    'A tip reached the creator (wallet or paid guest tip); it waits in the Chat Loader unless auto-live.',
  'tip.live': 'A tip was pushed live (marked read): the moment to play a sound or flash the lights.',
  'tip.deleted': 'A tip was deleted from the Chat Loader.',
  'tip.aired': 'An OBS overlay put a live tip on air (its alert receipt), with whether its sound played.',
  'payout.updated':
    'Your payouts changed: an earning moved (credited, available, in transit, paid, failed back, reversed), a transfer settled with its UTR, or your payout account changed status.',
  'stream.started': 'The creator pressed "Start stream" in the Chat Loader: a new stream session began.',
  'stream.ended':
    'The creator pressed "End stream": the session ended, with its totals (amount, count, top tip).',
  'timer.ended':
    'The subathon timer ran out: the ended run, with the seconds tips added to it (once per run).',
  'youtube.superchat':
    'A YouTube Super Chat or Super Sticker reached the Chat Loader, with its original amount and currency (no money moved through Shabaash); it then goes live like a tip.',
};

/**
 * Hex HMAC-SHA256, with the endpoint's secret, of the timestamp header's value, a dot, and the raw request body
 * (`<timestamp>.<body>`, as Stripe signs): the signature covers the time it was made, so an old request replayed
 * later fails the receiver's tolerance check.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Shabaash-Signature';
/** When this attempt was signed, in Unix seconds (each retry and re-send is signed afresh). */
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Shabaash-Timestamp';
/** How far a receiver should let the timestamp be from its own clock before it refuses the request. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** The event id again, so a receiver can deduplicate before parsing the body. */
export const WEBHOOK_EVENT_ID_HEADER = 'X-Shabaash-Event-Id';

/**
 * The signature check exactly as /developers prints it. The webhook tests import this very text as a module,
 * so the documented receiver is the tested one.
 */
export const WEBHOOK_VERIFY_EXAMPLE = `import crypto from 'node:crypto';

// Refuse a request signed more than 5 minutes away from your clock: a captured request cannot be replayed later.
const TOLERANCE_SECONDS = ${WEBHOOK_TOLERANCE_SECONDS};

// rawBody: the exact bytes of the request body (a Buffer), before any JSON parsing.
// signature: the X-Shabaash-Signature header. timestamp: the X-Shabaash-Timestamp header (Unix seconds).
// secret: the endpoint's signing secret. nowSeconds: your clock (leave it out).
export function verifyShabaashSignature(rawBody, signature, timestamp, secret, nowSeconds = Date.now() / 1000) {
  const t = String(timestamp ?? '');
  if (!/^[0-9]+$/.test(t) || Math.abs(nowSeconds - Number(t)) > TOLERANCE_SECONDS) return false;
  const signed = Buffer.concat([Buffer.from(t + '.', 'utf8'), rawBody]);
  const expected = crypto.createHmac('sha256', secret).update(signed).digest('hex');
  const given = Buffer.from(String(signature ?? ''), 'utf8');
  return given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected, 'utf8'));
}
`;

/** The event "Send test event" delivers (not subscribable: it goes to the one endpoint it was sent to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test' as const;
