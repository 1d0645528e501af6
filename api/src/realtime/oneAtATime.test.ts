import { describe, expect, it } from 'vitest';
import { oneAtATime } from './hub.ts';

describe('oneAtATime (payout summaries of the realtime hub)', () => {
  it('runs one call at a time in call order, each with its own result, and a failure does not stop the next', async () => {
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const summary = oneAtATime(async (creator: string) => {
      running++;
      most = Math.max(most, running);
      order.push(creator);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (creator === 'bad') throw new Error('read failed');
      return `summary of ${creator}`;
    });
    const results = await Promise.allSettled(['a', 'bad', 'b', 'c'].map((c) => summary(c)));
    expect(most).toBe(1);
    expect(order).toEqual(['a', 'bad', 'b', 'c']);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([
      'summary of a',
      'failed',
      'summary of b',
      'summary of c',
    ]);
  });
});
