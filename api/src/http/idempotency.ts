import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import type { Executor } from '../db/knex.ts';
import { badRequest } from './errors.ts';

/** Header a client sets so a replayed request returns the first result instead of running again. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Response header set on a replayed (stored) response, as Stripe does. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different request.';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface StoredResponse<T> {
  status: number;
  body: T;
  /** True when the body is the stored response of an earlier request with the same key. */
  replayed: boolean;
}

/** The request's Idempotency-Key (undefined when absent); a malformed key is a 400. */
export function readIdempotencyKey(ctx: Pick<Context, 'get'>): string | undefined {
  const raw = ctx.get(IDEMPOTENCY_HEADER).trim();
  if (!raw) return undefined;
  if (!KEY_PATTERN.test(raw))
    throw badRequest('Idempotency-Key must be 1–255 visible ASCII characters.', 'Idempotency-Key');
  return raw;
}

/** A stable fingerprint of a request (operation name + canonical JSON of its parsed input). */
export function requestFingerprint(operation: string, input: unknown): string {
  return createHash('sha256').update(operation).update('\n').update(canonicalJson(input)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Deletes stored responses older than `olderThanMs` (keys are a retry window, 24 h like Stripe's). */
export async function pruneIdempotencyKeys(db: Executor, olderThanMs: number): Promise<number> {
  return db('idempotency_keys')
    .where('created_at', '<', db.raw(`now() - (? * interval '1 millisecond')`, [olderThanMs]))
    .del();
}
