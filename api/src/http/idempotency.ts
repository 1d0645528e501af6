import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import type { Db, Executor, Tx } from '../db/knex.ts';
import { badRequest, conflict } from './errors.ts';

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

/**
 * Runs `work` in one transaction, made idempotent by (userId, key) when a key is given (Stripe's model).
 * The key row is inserted FIRST in the transaction and its response stored in the SAME transaction as the
 * work, so a crash can never leave the work committed without its response. A concurrent duplicate blocks
 * on the primary key until the first commits, then replays its stored response; if the first rolls back
 * (any error, e.g. 402), nothing is stored and the duplicate runs the work itself. A key reused with a
 * different fingerprint → 409.
 */
export async function runIdempotent<T>(
  db: Db,
  scope: { userId: string; key: string | undefined; fingerprint: string },
  work: (tx: Tx) => Promise<{ status: number; body: T }>,
): Promise<StoredResponse<T>> {
  return db.transaction(async (tx) => {
    if (scope.key !== undefined) {
      const claimed = await tx.raw<{ rows: unknown[] }>(
        `insert into idempotency_keys (user_id, key, request_hash, status_code, response)
         values (?, ?, ?, 0, 'null'::jsonb)
         on conflict (user_id, key) do nothing
         returning key`,
        [scope.userId, scope.key, scope.fingerprint],
      );
      if (claimed.rows.length === 0) {
        const stored = await findStored(tx, scope.userId, scope.key);
        if (!stored) throw new Error('idempotency key vanished between conflict and read');
        if (stored.request_hash !== scope.fingerprint) throw conflict(IDEMPOTENCY_KEY_REUSED);
        return { status: stored.status_code, body: stored.response as T, replayed: true };
      }
    }
    const result = await work(tx);
    if (scope.key !== undefined) {
      await tx('idempotency_keys')
        .where({ user_id: scope.userId, key: scope.key })
        .update({ status_code: result.status, response: JSON.stringify(result.body) });
    }
    return { ...result, replayed: false };
  });
}

function findStored(db: Executor, userId: string, key: string) {
  return db('idempotency_keys')
    .where({ user_id: userId, key })
    .first<{ request_hash: string; status_code: number; response: unknown } | undefined>(
      'request_hash',
      'status_code',
      'response',
    );
}

/** Deletes stored responses older than `olderThanMs` (keys are a retry window, 24 h like Stripe's). */
export async function pruneIdempotencyKeys(db: Executor, olderThanMs: number): Promise<number> {
  return db('idempotency_keys')
    .where('created_at', '<', db.raw(`now() - (? * interval '1 millisecond')`, [olderThanMs]))
    .del();
}
