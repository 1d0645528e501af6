/** db/coalesce.ts: one round trip at a time per loader; lookups arriving meanwhile go together in the next. */
import { describe, expect, it } from 'vitest';
import type { Executor } from './knex.ts';
import { COALESCE_CAP, Coalescer, type LoadMany } from './coalesce.ts';

const db = {} as Executor;

function loader(fail?: (keys: string[]) => boolean) {
  const calls: string[][] = [];
  const release: Array<() => void> = [];
  const loadMany: LoadMany<string> = (_db, keys) => {
    calls.push(keys);
    return new Promise((resolve, reject) => {
      release.push(() =>
        fail?.(keys)
          ? reject(new Error('boom'))
          : resolve(new Map(keys.filter((k) => k !== 'missing').map((k) => [k, `v:${k}`]))),
      );
    });
  };
  const settle = async () => {
    while (release.length > 0) {
      release.shift()!();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { calls, loadMany, settle };
}

describe('Coalescer', () => {
  it('sends a lone lookup at once, and the ones that arrive meanwhile together, equal keys once', async () => {
    const { calls, loadMany, settle } = loader();
    const c = new Coalescer(db, loadMany);
    const first = c.load('a');
    expect(calls).toEqual([['a']]); // no timer: an idle loader goes now
    const rest = ['b', 'c', 'b', 'missing'].map((k) => c.load(k));
    expect(calls).toHaveLength(1); // waiting for the round trip in flight
    await settle();
    expect(calls).toEqual([['a'], ['b', 'c', 'missing']]);
    expect(await first).toBe('v:a');
    expect(await Promise.all(rest)).toEqual(['v:b', 'v:c', 'v:b', null]);
  });

  it('goes without waiting once a batch reaches the cap', async () => {
    const { calls, loadMany, settle } = loader();
    const c = new Coalescer(db, loadMany);
    const all = Array.from({ length: COALESCE_CAP + 2 }, (_, i) => c.load(`k${i}`));
    expect(calls.map((k) => k.length)).toEqual([1, COALESCE_CAP]);
    await settle();
    expect(calls.map((k) => k.length)).toEqual([1, COALESCE_CAP, 1]);
    expect(await Promise.all(all)).toEqual(Array.from({ length: COALESCE_CAP + 2 }, (_, i) => `v:k${i}`));
  });

  it('fails only the lookups of a failed round trip', async () => {
    const { loadMany, settle } = loader((keys) => keys.includes('bad'));
    const c = new Coalescer(db, loadMany);
    const bad = c.load('bad');
    const later = c.load('good');
    const badResult = bad.catch((err: Error) => err.message);
    await settle();
    expect(await badResult).toBe('boom');
    expect(await later).toBe('v:good');
  });
});
