import { describe, expect, it } from 'vitest';
import { coalescing } from './coalesce.ts';

/** A run that records its argument and waits until released. */
function gatedRuns() {
  const seen: number[] = [];
  const releases: (() => void)[] = [];
  const run = (arg: number) =>
    new Promise<void>((resolve) => {
      seen.push(arg);
      releases.push(resolve);
    });
  return { seen, run, release: () => releases.shift()?.() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('coalescing', () => {
  it('never overlaps runs, folds calls during a run into one more run with the latest argument', async () => {
    const { seen, run, release } = gatedRuns();
    const call = coalescing(run);
    const first = call(1);
    const second = call(2);
    const third = call(3);
    await tick();
    expect(seen).toEqual([1]);
    release();
    await tick();
    expect(seen).toEqual([1, 3]);
    release();
    await Promise.all([first, second, third]);
    expect(seen).toEqual([1, 3]);
  });

  it('starts afresh with the new argument once idle', async () => {
    const { seen, run, release } = gatedRuns();
    const call = coalescing(run);
    const first = call(1);
    release();
    await first;
    const next = call(7);
    await tick();
    release();
    await next;
    expect(seen).toEqual([1, 7]);
  });
});
