import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeConn, type FakeWs } from '../../test/realtime/fakeConn.ts';
import { startHeartbeat } from './heartbeat.ts';
import type { Conn } from './types.ts';

/** A fake socket that counts its pings. */
function pingable(): Conn & { fake: FakeWs & { pings: number } } {
  const conn = fakeConn() as Conn & { fake: FakeWs & { pings: number } };
  conn.fake.pings = 0;
  Object.assign(conn.fake, { ping: () => conn.fake.pings++ });
  return conn;
}

describe('realtime heartbeat', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('spreads one round of pings over the interval instead of pinging every socket in one tick', () => {
    const conns = new Set(Array.from({ length: 1000 }, pingable));
    const timer = startHeartbeat(conns, 15_000);
    const pinged = () => [...conns].reduce((n, c) => n + c.fake.pings, 0);
    vi.advanceTimersByTime(100);
    expect(pinged()).toBe(7); // ceil(1000 / 150) in the first 100 ms slice, not 1,000
    vi.advanceTimersByTime(14_900);
    expect(pinged()).toBe(1000);
    expect([...conns].every((c) => c.fake.pings === 1)).toBe(true);
    clearInterval(timer);
  });

  it('terminates a socket that did not answer its previous ping and keeps one that did', () => {
    const dead = pingable();
    const answering = pingable();
    const conns = new Set([dead, answering]);
    const timer = startHeartbeat(conns, 1_000);
    vi.advanceTimersByTime(1_000); // first round: both pinged
    expect(dead.fake.pings + answering.fake.pings).toBe(2);
    answering.alive = true; // its pong
    vi.advanceTimersByTime(1_000); // second round
    expect(dead.fake.terminated).toBe(true);
    expect(answering.fake.terminated).toBe(false);
    expect(answering.fake.pings).toBe(2);
    clearInterval(timer);
  });

  it('never judges a socket pinged less than half an interval ago (a round that reaches it early)', () => {
    const before = Array.from({ length: 20 }, pingable);
    const late = pingable();
    const conns = new Set([...before, late]);
    const timer = startHeartbeat(conns, 1_000); // 10 slices of 100 ms, 3 sockets a slice
    vi.advanceTimersByTime(700);
    expect(late.fake.pings).toBe(1); // pinged in the 7th slice, at 700 ms
    for (const c of before) conns.delete(c); // the sockets before it close
    vi.advanceTimersByTime(400); // the next round starts at 1,100 ms and reaches it first, 400 ms after its ping
    expect(late.fake.terminated).toBe(false);
    expect(late.fake.pings).toBe(1);
    vi.advanceTimersByTime(1_000); // the round after: a full interval later, still no answer
    expect(late.fake.terminated).toBe(true);
    clearInterval(timer);
  });
});
