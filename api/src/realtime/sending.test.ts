import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { fakeConn } from '../../test/realtime/fakeConn.ts';
import { msg } from './messages.ts';
import { createSender } from './sending.ts';

const log = createLogger('silent');

describe('realtime sending', () => {
  it('sends to an open socket and counts it', () => {
    const sender = createSender({ maxBufferedBytes: 100, check: true, log });
    const conn = fakeConn();
    sender.send(conn, msg.pong());
    expect(conn.fake.sent).toEqual([{ type: 'pong' }]);
    expect(sender.sent()).toBe(1);
  });

  it('terminates a socket whose unsent buffer is over the limit instead of queueing more', () => {
    const sender = createSender({ maxBufferedBytes: 100, check: true, log });
    const conn = fakeConn();
    conn.fake.bufferedAmount = 101;
    sender.send(conn, msg.pong());
    expect(conn.fake.sent).toEqual([]);
    expect(conn.fake.terminated).toBe(true);
    expect(sender.sent()).toBe(0);
  });

  it('refuses a socket with the close code and reason, but not one already closed', () => {
    const sender = createSender({ maxBufferedBytes: 100, check: true, log });
    const open = fakeConn();
    sender.refuse(open, 4001, 'Session ended');
    expect(open.fake.closedWith).toEqual({ code: 4001, reason: 'Session ended' });
    const gone = fakeConn();
    gone.fake.readyState = 3;
    sender.refuse(gone, 4001, 'Session ended');
    expect(gone.fake.closedWith).toBeNull();
  });

  it('checks outgoing messages against the shared union when asked to', () => {
    const sender = createSender({ maxBufferedBytes: 100, check: true, log });
    const bad = { type: 'wallet:update', space: 'wallet:x', version: -1, data: {} } as never;
    expect(() => sender.encode(bad)).toThrow();
    const unchecked = createSender({ maxBufferedBytes: 100, check: false, log });
    expect(() => unchecked.encode(bad)).not.toThrow();
  });
});
