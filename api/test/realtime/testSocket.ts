import { WebSocket } from 'ws';
import { serverMessageSchema, type ServerMessage } from '@shabaash/shared';

/**
 * A real `ws` client for tests and the bench: every message it receives is parsed with the shared union
 * (so a malformed server message fails the test), kept in order, and can be awaited.
 */
export class TestSocket {
  readonly messages: ServerMessage[] = [];
  readonly raw: string[] = [];
  readonly closed: Promise<{ code: number; reason: string; at: number }>;
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString(), at: Date.now() });
        this.wake();
      });
    });
    ws.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      this.messages.push(serverMessageSchema.parse(JSON.parse(text)));
      this.wake();
    });
    ws.on('error', () => undefined);
  }

  /** Opens `ws(s)://host/ws` for an http(s) base URL; `autoPong: false` simulates a dead peer. */
  static async open(baseUrl: string, opts: { autoPong?: boolean; path?: string } = {}): Promise<TestSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${opts.path ?? '/ws'}`, {
      autoPong: opts.autoPong ?? true,
    });
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  /** Opens a socket, says hello and waits for the welcome. */
  static async hello(
    baseUrl: string,
    hello: Record<string, unknown>,
    opts: { autoPong?: boolean } = {},
  ): Promise<TestSocket> {
    const socket = await TestSocket.open(baseUrl, opts);
    socket.send({ type: 'hello', ...hello });
    await socket.waitFor((m) => m.type === 'welcome');
    return socket;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves with the first message (from the start) matching `predicate`. */
  async waitFor<T extends ServerMessage = ServerMessage>(
    predicate: (m: ServerMessage) => boolean,
    timeoutMs = 5000,
  ): Promise<T> {
    return this.waitForCount<T>(predicate, 1, timeoutMs).then((list) => list[0] as T);
  }

  /** Resolves once `count` messages match `predicate`; rejects after `timeoutMs` saying how many arrived. */
  async waitForCount<T extends ServerMessage = ServerMessage>(
    predicate: (m: ServerMessage) => boolean,
    count: number,
    timeoutMs = 5000,
  ): Promise<T[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.filter(predicate) as T[];
      if (found.length >= count) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `timed out: ${found.length}/${count} matching messages (${this.messages.length} received)`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.ws.close();
  }

  /** Drops the TCP connection without a close handshake (a phone losing signal). */
  terminate(): void {
    this.ws.terminate();
  }
}
