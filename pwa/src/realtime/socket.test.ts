import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WS_CLOSE, type ServerMessage, type Tip } from '@shabaash/shared';
import {
  backoffDelay,
  createRealtimeSocket,
  type RealtimeSocketOptions,
  type RealtimeStatus,
} from './socket.ts';
import { fakeSocketFactory } from '../test/fakeSocket.ts';
import { buildTip } from '../test/tips.ts';

const SPACE = 'creator:c1';
const tip = (id: string, version: number): Tip => buildTip(id, { version });
/** A socket over a fake transport, signed in with token "t" unless told otherwise; `refusals` are what onUnauthorized heard. */
function fakeConnection(options: Partial<RealtimeSocketOptions> = {}) {
  const fake = fakeSocketFactory();
  const refusals: string[] = [];
  const socket = createRealtimeSocket({
    credentials: () => ({ token: 't' }),
    createSocket: fake.factory,
    onUnauthorized: (reason) => refusals.push(reason),
    ...options,
  });
  return { fake, socket, refusals };
}

const tipNew = (id: string, version: number): ServerMessage => ({
  type: 'tip:new',
  space: SPACE,
  version,
  data: tip(id, version),
});

describe('realtime socket', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says hello with the credentials, reports statuses, and delivers messages', () => {
    const fake = fakeSocketFactory();
    const statuses: RealtimeStatus[] = [];
    const received: ServerMessage[] = [];
    const socket = createRealtimeSocket({
      credentials: () => ({ overlayKey: 'k1' }),
      createSocket: fake.factory,
      url: 'ws://x/ws',
    });
    socket.onStatus((s) => statuses.push(s));
    socket.onMessage((m) => received.push(m));
    expect(socket.status()).toBe('connecting');
    fake.last().open();
    expect(fake.last().sent[0]).toEqual({ type: 'hello', overlayKey: 'k1', since: {} });
    fake.last().push({ type: 'welcome', rooms: ['overlay:c1'], versions: { [SPACE]: 4 } });
    expect(statuses).toEqual(['connected']);
    fake.last().push(tipNew('a', 5));
    expect(received.map((m) => m.type)).toEqual(['welcome', 'tip:new']);
    socket.close();
    expect(statuses.at(-1)).toBe('offline');
  });

  it('drops events whose version is not newer than the last seen in their space, and resumes from it after a reconnect', () => {
    const fake = fakeSocketFactory();
    const received: string[] = [];
    const socket = createRealtimeSocket({
      credentials: () => ({ token: 't' }),
      createSocket: fake.factory,
      random: () => 0,
    });
    socket.onMessage((m) => {
      if (m.type === 'tip:new') received.push(`${m.data.id}@${m.version}`);
    });
    fake.last().open();
    fake.last().push({ type: 'welcome', rooms: [], versions: { [SPACE]: 1 } });
    fake.last().push(tipNew('a', 2));
    fake.last().push(tipNew('a', 2)); // duplicate
    fake.last().push(tipNew('old', 1)); // stale
    fake.last().drop();
    expect(socket.status()).toBe('offline');
    vi.advanceTimersByTime(1000);
    expect(fake.sockets).toHaveLength(2);
    fake.last().open();
    expect(fake.last().sent[0]).toEqual({ type: 'hello', token: 't', since: { [SPACE]: 2 } });
    fake.last().push({ type: 'welcome', rooms: [], versions: { [SPACE]: 3 } });
    fake.last().push(tipNew('a', 2)); // replayed by the server: ignored
    fake.last().push(tipNew('b', 3));
    expect(received).toEqual(['a@2', 'b@3']);
    socket.close();
  });

  it('falls back to the server version when it is behind what the client saw (reset database)', () => {
    const fake = fakeSocketFactory();
    const received: number[] = [];
    const socket = createRealtimeSocket({ credentials: () => ({ token: 't' }), createSocket: fake.factory });
    socket.onMessage((m) => m.type === 'tip:new' && received.push(m.version));
    fake.last().open();
    fake.last().push({ type: 'welcome', rooms: [], versions: { [SPACE]: 50 } });
    fake.last().drop();
    vi.advanceTimersByTime(1000);
    fake.last().open();
    fake.last().push({ type: 'welcome', rooms: [], versions: { [SPACE]: 2 } });
    fake.last().push(tipNew('x', 3));
    expect(received).toEqual([3]);
    socket.close();
  });

  it('stops reconnecting and reports it when the server refuses the credentials (4001), until reconnect()', () => {
    const { fake, socket, refusals } = fakeConnection({ credentials: () => ({ token: 'revoked' }) });
    fake.last().open();
    fake.last().push({ type: 'welcome', rooms: ['wallet:u1'], versions: {} });
    fake.last().drop(WS_CLOSE.unauthorized, 'Session ended');
    expect(refusals).toEqual(['Session ended']);
    expect(socket.status()).toBe('offline');
    vi.advanceTimersByTime(120_000);
    expect(fake.sockets).toHaveLength(1);
    // Any other close still reconnects.
    socket.reconnect();
    expect(fake.sockets).toHaveLength(2);
    fake.last().drop(WS_CLOSE.shuttingDown, 'Server shutting down');
    vi.advanceTimersByTime(10_000);
    expect(fake.sockets).toHaveLength(3);
    expect(refusals).toHaveLength(1);
    socket.close();
  });

  it('retries with backoff when the server throttles it (4029 too many sockets, 4030 too many full catch-ups)', () => {
    const { fake, socket, refusals } = fakeConnection({ random: () => 1 });
    fake.last().open();
    fake.last().drop(WS_CLOSE.replayThrottled, 'Too many full catch-ups; reconnect later');
    vi.advanceTimersByTime(499);
    expect(fake.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(fake.sockets).toHaveLength(2);
    fake.last().drop(WS_CLOSE.tooManySockets, 'Too many connections for this account');
    vi.advanceTimersByTime(1000);
    expect(fake.sockets).toHaveLength(3);
    expect(refusals).toEqual([]);
    socket.close();
  });

  it('reconnects forever with exponential backoff capped at 10 s', () => {
    const { fake, socket } = fakeConnection({ random: () => 1 });
    const delays = [500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000];
    for (const delay of delays) {
      const count = fake.sockets.length;
      fake.last().drop();
      vi.advanceTimersByTime(delay - 1);
      expect(fake.sockets).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(fake.sockets).toHaveLength(count + 1);
    }
    socket.close();
    fake.last().drop();
    vi.advanceTimersByTime(60_000);
    expect(fake.sockets).toHaveLength(delays.length + 1);
  });

  it('jitters each delay between half and all of the exponential step', () => {
    expect(backoffDelay(3, 500, 10_000, () => 0)).toBe(2000);
    expect(backoffDelay(3, 500, 10_000, () => 1)).toBe(4000);
    expect(backoffDelay(30, 500, 10_000, () => 0.5)).toBe(7500);
  });

  it('pings every 15 s and reconnects when a pong is missed', () => {
    const { fake, socket } = fakeConnection({ random: () => 0 });
    const first = fake.last();
    first.open();
    first.push({ type: 'welcome', rooms: [], versions: {} });
    vi.advanceTimersByTime(15_000);
    expect(first.sent.at(-1)).toEqual({ type: 'ping' });
    first.push({ type: 'pong' });
    vi.advanceTimersByTime(15_000);
    expect(first.sent.filter((m) => (m as { type: string }).type === 'ping')).toHaveLength(2);
    expect(first.closed).toBe(false);
    // no pong this time
    vi.advanceTimersByTime(15_000);
    expect(first.closed).toBe(true);
    expect(socket.status()).toBe('offline');
    vi.advanceTimersByTime(500);
    expect(fake.sockets).toHaveLength(2);
    socket.close();
  });

  it('ignores malformed frames and stays offline without credentials', () => {
    const fake = fakeSocketFactory();
    const received: unknown[] = [];
    const socket = createRealtimeSocket({ credentials: () => ({ token: 't' }), createSocket: fake.factory });
    socket.onMessage((m) => received.push(m));
    fake.last().open();
    fake.last().onmessage?.({ data: 'not json' });
    fake.last().onmessage?.({ data: JSON.stringify({ type: 'tip:new', space: SPACE }) });
    expect(received).toEqual([]);
    socket.close();

    const none = fakeSocketFactory();
    const anonymous = createRealtimeSocket({ credentials: () => null, createSocket: none.factory });
    expect(anonymous.status()).toBe('offline');
    expect(none.sockets).toHaveLength(0);
    anonymous.close();
  });
});
