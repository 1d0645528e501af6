import { describe, expect, it } from 'vitest';
import { bootstrapRatio, histogram, quantile, RESOLUTION } from './bootstrap.ts';
import { summarize } from '../load/load.ts';

/** Deterministic latency-like samples: a body around `median` ms and a tail of `tailShare` up to `tail` ms. */
function run(n: number, median: number, tail: number, seed: number, tailShare = 0.02): number[] {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, () =>
    next() < tailShare ? median + next() * (tail - median) : median * (0.5 + next()),
  );
}

describe('quantile of a log histogram', () => {
  it('reads the p99 of the samples to within its resolution', () => {
    const samples = run(50_000, 7, 60, 3);
    const exact = summarize(samples);
    for (const [p, want] of [
      [0.5, exact.p50],
      [0.99, exact.p99],
      [0.999, exact.p999],
    ] as const) {
      const got = quantile(histogram(samples), p);
      expect(Math.abs(got / want - 1)).toBeLessThanOrEqual(RESOLUTION);
    }
  });
});

describe('bootstrapRatio over whole runs', () => {
  it('brackets 1 when both kinds of run come from the same machine state', () => {
    const without = [1, 2, 3, 4, 5, 6, 7].map((seed) => run(20_000, 7, 40, seed));
    const withHooks = [11, 12, 13, 14, 15, 16].map((seed) => run(20_000, 7, 40, seed));
    const { low, high } = bootstrapRatio(without, withHooks);
    expect(low).toBeLessThan(1);
    expect(high).toBeGreaterThan(1);
    expect(high).toBeLessThan(1.1);
  });

  it('puts the whole interval above 1.10 when webhooks lengthen every tail by a fifth', () => {
    const without = [1, 2, 3, 4, 5, 6, 7].map((seed) => run(20_000, 7, 40, seed));
    const withHooks = [11, 12, 13, 14, 15, 16].map((seed) => run(20_000, 7, 40, seed).map((v) => v * 1.2));
    const { low, high } = bootstrapRatio(without, withHooks);
    expect(low).toBeGreaterThan(1.1);
    expect(high).toBeLessThan(1.3);
  });

  it('widens past 1.10 when one run without webhooks had a tail four times the others', () => {
    const without = [1, 2, 3, 4, 5, 6].map((seed) => run(20_000, 7, 40, seed));
    without.push(run(20_000, 7, 160, 7));
    const withHooks = [11, 12, 13, 14, 15, 16].map((seed) => run(20_000, 7, 40, seed));
    const { low, high } = bootstrapRatio(without, withHooks);
    expect(low).toBeLessThan(0.9);
    expect(high).toBeGreaterThan(0.95);
  });

  it('gives the same interval for the same runs and seed', () => {
    const without = [1, 2, 3].map((seed) => run(5_000, 7, 40, seed));
    const withHooks = [4, 5, 6].map((seed) => run(5_000, 7, 40, seed));
    expect(bootstrapRatio(without, withHooks, { seed: 9 })).toEqual(
      bootstrapRatio(without, withHooks, { seed: 9 }),
    );
  });
});
