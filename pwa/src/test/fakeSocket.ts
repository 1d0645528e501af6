import { afterEach, beforeEach } from 'vitest';
import type { ServerMessage } from '@shabaash/shared';
import { setAppSocketFactory } from '../realtime/appSocket.ts';
import { createRealtimeSocket, type SocketFactory, type SocketLike } from '../realtime/socket.ts';

/** Test double of a browser WebSocket: records what the client sends, lets the test open, push and close. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  readonly sent: unknown[] = [];
  closed = false;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.closed = true;
    this.readyState = 3;
  }

  /** Server accepts the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** Server pushes a message. */
  push(message: ServerMessage): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  /** Server (or network) drops the connection; a close code and reason as the server sent them. */
  drop(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

/** A socket factory that keeps every socket it made, newest last. */
export function fakeSocketFactory(): { factory: SocketFactory; sockets: FakeSocket[]; last(): FakeSocket } {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    factory: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    last() {
      const socket = sockets[sockets.length - 1];
      if (!socket) throw new Error('no socket was created');
      return socket;
    },
  };
}

/**
 * The app socket of one test file: before each test a fresh fake factory behind the app's socket (the returned
 * getter reads the current one), and after it the app's own factory back.
 */
export function fakeAppSocketForFile(): () => ReturnType<typeof fakeSocketFactory> {
  let fake = fakeSocketFactory();
  beforeEach(() => {
    fake = fakeSocketFactory();
    setAppSocketFactory((options) => createRealtimeSocket({ ...options, createSocket: fake.factory }));
  });
  afterEach(() => setAppSocketFactory(null));
  return () => fake;
}
