import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createTestDb } from '../../test/db.ts';
import type { Db } from '../db/knex.ts';
import { rateLimit, RateLimitedError } from './rateLimit.ts';

let db: Db;
let drop: () => Promise<void>;

const key = () => `test:${randomBytes(6).toString('hex')}`;

async function outcome(k: string, limit: number, windowMs: number): Promise<'ok' | number> {
  try {
    await rateLimit(db, k, { limit, windowMs });
    return 'ok';
  } catch (err) {
    if (err instanceof RateLimitedError) return err.retryAfterSeconds;
    throw err;
  }
}

describe('rateLimit: fixed windows in the rate_limits table', () => {
  beforeAll(async () => {
    ({ db, drop } = await createTestDb());
  });
  afterAll(() => drop());

  it('counts atomically under concurrency: exactly `limit` of a parallel burst pass', async () => {
    const k = key();
    const results = await Promise.all(Array.from({ length: 25 }, () => outcome(k, 10, 3_600_000)));
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    for (const r of results.filter((x) => x !== 'ok')) expect(r).toBeGreaterThanOrEqual(1);
  });

  it('opens again in the next window and keeps keys apart', async () => {
    const k = key();
    // Start right after a window edge so the two hits below share a window.
    await new Promise((r) => setTimeout(r, 1_000 - (Date.now() % 1_000) + 20));
    expect(await outcome(k, 1, 1_000)).toBe('ok');
    expect(await outcome(k, 1, 1_000)).toBe(1);
    expect(await outcome(key(), 1, 1_000)).toBe('ok');
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await outcome(k, 1, 1_000)).toBe('ok');
  });
});
