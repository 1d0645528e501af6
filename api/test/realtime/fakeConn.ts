import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import type { ServerMessage } from '@shabaash/shared';
import type { Conn, Sub } from '../../src/realtime/types.ts';

/** A socket stand-in for the realtime modules' unit tests: records what is sent, how it closed, and its buffer. */
export class FakeWs extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  sent: ServerMessage[] = [];
  closedWith: { code: number; reason: string } | null = null;
  terminated = false;
  send(data: string): void {
    this.sent.push(JSON.parse(data) as ServerMessage);
  }
  close(code: number, reason: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }
}

/** A ready connection over a FakeWs, subscribed to the given spaces. */
export function fakeConn(
  subs: Record<string, Partial<Sub>> = {},
  extra: Partial<Conn> = {},
): Conn & { fake: FakeWs } {
  const fake = new FakeWs();
  return {
    ws: fake as unknown as WebSocket,
    fake,
    alive: true,
    pingedAt: 0,
    phase: 'ready',
    kind: 'viewer',
    helloTimer: null,
    subs: new Map(
      Object.entries(subs).map(([space, s]) => [space, { view: 'full', lastSent: 0, ready: true, ...s }]),
    ),
    overlayOf: null,
    overlayState: { visible: true, audible: true },
    session: null,
    ip: '127.0.0.1',
    userId: null,
    apiTokenId: null,
    ...extra,
  };
}
