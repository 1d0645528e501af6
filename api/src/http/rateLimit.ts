import type { Context } from 'koa';
import type { Config } from '../config.ts';
import type { Executor } from '../db/knex.ts';
import { countRateLimitRefusal } from '../metrics/rateLimits.ts';
import { AppError, tooManyRequests } from './errors.ts';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
  /** What shabaash_rate_limit_refusals_total calls this limit (its key in rateLimits, or the constant's name). */
  name?: string;
}

const MINUTE_MS = 60_000;

/**
 * Every limit of the API in one place (fixed one-minute windows). Per phone: the brute-force guard, fixed, and
 * counting only what a stranger cannot do for the owner (failed password checks per client, verified OTPs).
 * Per IP: from the configuration (`*_LIMIT_PER_IP_PER_MINUTE`), because Indian mobile carriers put many
 * subscribers behind one address (CGNAT) and a big stream's audience can share a handful of them.
 */
export function rateLimits(config: Config) {
  const perMinute = (limit: number): RateLimitRule => ({ limit, windowMs: MINUTE_MS });
  return named({
    /** Failed password checks per phone AND client: a stranger's guesses never block the owner's device. */
    loginFailuresPerPhoneAndClient: perMinute(10),
    loginPerIp: perMinute(config.LOGIN_LIMIT_PER_IP_PER_MINUTE),
    registerPerPhone: perMinute(5),
    registerPerIp: perMinute(config.REGISTER_LIMIT_PER_IP_PER_MINUTE),
    /** Resets with a verified OTP token per phone (garbage tokens count only against their IP). */
    resetPerPhone: perMinute(5),
    resetPerIp: perMinute(config.RESET_LIMIT_PER_IP_PER_MINUTE),
    leadsPerIp: perMinute(config.LEADS_LIMIT_PER_IP_PER_MINUTE),
    guestOrderPerIp: perMinute(config.GUEST_ORDER_LIMIT_PER_IP_PER_MINUTE),
    guestOrderPerCreator: perMinute(config.GUEST_ORDER_LIMIT_PER_CREATOR_PER_MINUTE),
    addMoneyPerUser: perMinute(config.ADD_MONEY_LIMIT_PER_USER_PER_MINUTE),
    addMoneyPerIp: perMinute(config.ADD_MONEY_LIMIT_PER_IP_PER_MINUTE),
    /** The show: test alerts and skips per creator, test speech fetches per overlay key. */
    testAlertPerCreator: perMinute(10),
    skipSpeechPerCreator: perMinute(60),
    /** Tier sound uploads per creator. */
    tierSoundUploadPerCreator: perMinute(10),
    /** Alert receipts: Replay, and Pause/Resume, per creator. */
    replayAlertPerCreator: perMinute(30),
    setAlertsPerCreator: perMinute(60),
    testSpeechPerKey: perMinute(30),
    /** Webhook "Send test event" and "Re-send" together: signed POSTs on demand, per creator and per endpoint. */
    webhookSendPerCreator: perMinute(20),
    webhookSendPerEndpoint: perMinute(5),
    /** Parental consent: a minor's requests (each texts nobody, but makes a new link), the parent's page and OTP. */
    consentRequestPerUser: perMinute(5),
    consentPagePerIp: perMinute(30),
    consentConfirmPerIp: perMinute(10),
    consentConfirmPerLink: perMinute(5),
    consentWithdrawPerIp: perMinute(10),
    /** Connect YouTube's connect, callback and disconnect together, per creator (each calls Google). */
    youtubeConnectPerCreator: perMinute(20),
    /** Reports to the operators, per user: a few an hour is plenty; a flood is refused. */
    reportsPerUser: { limit: 10, windowMs: 60 * MINUTE_MS },
  } as const satisfies Record<string, RateLimitRule>);
}

/** Each rule named after its key (the label of its refusals in the metrics). */
function named<T extends Record<string, RateLimitRule>>(rules: T): T {
  for (const [name, rule] of Object.entries(rules)) rule.name = name;
  return rules;
}

/** Counts a refusal by `rule` in the metrics (a rule without a name counts as `unnamed`). */
const countRefusal = (rule: RateLimitRule) => countRateLimitRefusal(rule.name ?? 'unnamed');

/** A 429 that also says when the window reopens (and, for some limits, which limit it is). */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = tooManyRequests().message,
  ) {
    super('RATE_LIMITED', message);
  }
}

/**
 * Counts one hit on `key` in the current fixed window of the `rate_limits` table (the database clock, so every
 * API instance shares the count) and throws RateLimitedError (429) once the count exceeds `limit`.
 */
export async function rateLimit(db: Executor, key: string, rule: RateLimitRule): Promise<void> {
  const retryAfterMs = await hit(db, key, rule);
  if (retryAfterMs !== null) {
    countRefusal(rule);
    throw new RateLimitedError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  }
}

/** Counts one hit on `key`; the milliseconds until its window reopens once it is over the limit, else null. */
async function hit(db: Executor, key: string, rule: RateLimitRule): Promise<number | null> {
  const result = await db.raw<{ rows: Array<{ count: number; retry_after_ms: number }> }>(
    `with w as (select ${WINDOW_START} as start)
     insert into rate_limits as r (key, window_start, count)
     select ?, w.start, 1 from w
     on conflict (key, window_start) do update set count = r.count + 1
     returning r.count,
       ceil(extract(epoch from (r.window_start + make_interval(secs => ? / 1000.0) - now())) * 1000)::int as retry_after_ms`,
    [rule.windowMs, rule.windowMs, key, rule.windowMs],
  );
  const row = result.rows[0];
  if (!row) throw new Error(`rate limit counter for ${key} returned no row`);
  return row.count > rule.limit ? Number(row.retry_after_ms) : null;
}

const WINDOW_START = `to_timestamp(floor(extract(epoch from now()) * 1000 / ?) * ? / 1000.0)`;

/**
 * Refuses with 429 (and Retry-After) while `key` has already reached `rule.limit` in the current window, without
 * counting this request: for limits that count only failures (see countFailure).
 */
export async function refuseWhileLimited(
  ctx: Context,
  db: Executor,
  key: string,
  rule: RateLimitRule,
): Promise<void> {
  const result = await db.raw<{ rows: Array<{ count: number; retry_after_ms: number }> }>(
    `select count,
       ceil(extract(epoch from (window_start + make_interval(secs => ? / 1000.0) - now())) * 1000)::int as retry_after_ms
     from rate_limits where key = ? and window_start = ${WINDOW_START}`,
    [rule.windowMs, key, rule.windowMs, rule.windowMs],
  );
  const row = result.rows[0];
  if (row && row.count >= rule.limit) {
    countRefusal(rule);
    const refused = new RateLimitedError(Math.max(1, Math.ceil(Number(row.retry_after_ms) / 1000)));
    ctx.set('Retry-After', String(refused.retryAfterSeconds));
    throw refused;
  }
}

/** Counts one failure on `key`; the failure's own error is what the client hears, never a 429. */
export async function countFailure(db: Executor, key: string, rule: RateLimitRule): Promise<void> {
  await hit(db, key, rule);
}

/**
 * Applies several limits to one request (all are counted); a 429 carries its Retry-After header, and `message`
 * when given (the generic "Too many attempts" otherwise).
 */
export async function enforceRateLimits(
  ctx: Context,
  db: Executor,
  checks: ReadonlyArray<{ key: string; rule: RateLimitRule }>,
  message?: string,
): Promise<void> {
  let refused: RateLimitedError | null = null;
  for (const { key, rule } of checks) {
    try {
      await rateLimit(db, key, rule);
    } catch (err) {
      if (!(err instanceof RateLimitedError)) throw err;
      if (!refused || err.retryAfterSeconds > refused.retryAfterSeconds) refused = err;
    }
  }
  if (refused) {
    ctx.set('Retry-After', String(refused.retryAfterSeconds));
    throw message ? new RateLimitedError(refused.retryAfterSeconds, message) : refused;
  }
}

/** Deletes windows that ended more than an hour ago (call from a periodic job). */
export async function pruneRateLimits(db: Executor): Promise<number> {
  return db('rate_limits').where('window_start', '<', db.raw(`now() - interval '1 hour'`)).delete();
}
