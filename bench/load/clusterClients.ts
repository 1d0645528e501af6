import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { closeSocket } from './sockets.ts';

/**
 * A creator's socket as a real client keeps it (bench:cluster): it says hello with its token, remembers the
 * last version of its creator space, and when the socket drops it reconnects at once through the load
 * balancer with `since` = that version (the server catches it up). It records every `tip:new` it reads, by
 * tip id (duplicates are counted, not merged), and how long each reconnect took (drop → welcome).
 */
export class ReconnectingClient {
  private ws: WebSocket | null = null;
  private lastVersion: number | null = null;
  private stopped = false;
  private droppedAt: number | null = null;
  /** tip id → receive times (more than one is a duplicate). */
  readonly receipts = new Map<string, number[]>();
  readonly reconnectMs: number[] = [];
  reconnectFailures = 0;
  onTip: (tipId: string, message: string, at: number) => void = () => undefined;

  constructor(
    private readonly wsUrl: string,
    private readonly token: string,
    private readonly space: string,
  ) {}

  /** Resolves on the first welcome. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => this.connect(resolve, reject));
  }

  private connect(onWelcome?: () => void, onFail?: (err: Error) => void): void {
    if (this.stopped) return;
    const ws = new WebSocket(this.wsUrl, { perMessageDeflate: false });
    this.ws = ws;
    let welcomed = false;
    ws.on('open', () => {
      const since = this.lastVersion === null ? undefined : { [this.space]: this.lastVersion };
      ws.send(JSON.stringify({ type: 'hello', token: this.token, since }));
    });
    ws.on('message', (data: Buffer) => {
      const at = performance.now();
      const m = JSON.parse(data.toString('utf8')) as {
        type: string;
        space?: string;
        version?: number;
        versions?: Record<string, number>;
        data?: { id: string; message: string };
      };
      if (m.type === 'welcome') {
        welcomed = true;
        this.lastVersion ??= m.versions?.[this.space] ?? 0;
        if (this.droppedAt !== null) this.reconnectMs.push(at - this.droppedAt);
        this.droppedAt = null;
        onWelcome?.();
        return;
      }
      if (m.space === this.space && typeof m.version === 'number')
        this.lastVersion = Math.max(this.lastVersion ?? 0, m.version);
      if (m.type === 'tip:new' && m.data) {
        const times = this.receipts.get(m.data.id);
        if (times) times.push(at);
        else this.receipts.set(m.data.id, [at]);
        this.onTip(m.data.id, m.data.message, at);
      }
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (this.stopped) return;
      if (!welcomed && onFail) return onFail(new Error('closed before the first welcome'));
      if (!welcomed) this.reconnectFailures++;
      this.droppedAt ??= performance.now();
      setTimeout(() => this.connect(), welcomed ? 0 : 50); // a refused reconnect tries again shortly
    });
  }

  stop(): Promise<void> {
    this.stopped = true;
    return this.ws ? closeSocket(this.ws, 3000) : Promise.resolve();
  }
}
