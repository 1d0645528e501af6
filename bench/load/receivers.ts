import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { ClientWindow } from '../probes/clientTrace.ts';

/**
 * The creator sockets of the send → socket phases (SETTINGS.socketsPerCreator per creator, token hello), held by
 * a worker thread (bench/load/receiverWorker.ts) that stamps every receipt of a window into shared memory. Receipt
 * times come back in this thread's `performance.now()` base.
 */

/** What the worker is started with. */
export interface ReceiverSetup {
  wsUrl: string;
  /** One creator token per creator; `perCreator` sockets each. */
  tokens: string[];
  perCreator: number;
}

export type ReceiverCommand =
  | { type: 'start'; prefix: string; perTip: number; times: SharedArrayBuffer; counts: SharedArrayBuffer }
  | { type: 'stop' }
  | { type: 'close' };

export type ReceiverEvent =
  | { type: 'ready'; sockets: number }
  | { type: 'failed'; error: string }
  | { type: 'started' }
  | { type: 'stopped'; trace: ClientWindow | null }
  | { type: 'closed' };

/** One window's receipts: tip i's receipt times (ms, this thread's `performance.now()` base). */
export interface ReceiptWindow {
  /** Receipts of tip i so far (read while the window runs). */
  count(i: number): number;
  /** Stops stamping; the receipts per tip, and the receiving thread's event-loop stalls and GC pauses. */
  stop(): Promise<{ receipts: number[][]; trace: ClientWindow | null }>;
}

export class CreatorReceivers {
  private constructor(
    private readonly worker: Worker,
    readonly sockets: number,
    readonly perCreator: number,
    private readonly next: (type: ReceiverEvent['type']) => Promise<ReceiverEvent>,
  ) {}

  static async open(setup: ReceiverSetup): Promise<CreatorReceivers> {
    const worker = new Worker(new URL('./receiverWorker.mjs', import.meta.url), { workerData: setup });
    const waiting: Array<{ type: string; resolve: (e: ReceiverEvent) => void; reject: (e: Error) => void }> =
      [];
    worker.on('message', (event: ReceiverEvent) => {
      const i = waiting.findIndex((w) => w.type === event.type || event.type === 'failed');
      if (i < 0) return;
      const [w] = waiting.splice(i, 1);
      if (event.type === 'failed') w!.reject(new Error(`creator sockets: ${event.error}`));
      else w!.resolve(event);
    });
    const fail = (err: Error) => {
      for (const w of waiting.splice(0)) w.reject(err);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`creator sockets' thread exited (${code})`)));
    const next = (type: ReceiverEvent['type']) =>
      new Promise<ReceiverEvent>((resolve, reject) => waiting.push({ type, resolve, reject }));
    try {
      const ready = await next('ready');
      if (ready.type !== 'ready') throw new Error('creator sockets: no ready');
      return new CreatorReceivers(worker, ready.sockets, setup.perCreator, next);
    } catch (err) {
      await worker.terminate();
      throw err;
    }
  }

  /** Starts stamping frames `tip:new` whose message is `<prefix><i>`, i < total. */
  async window(prefix: string, total: number): Promise<ReceiptWindow> {
    const per = this.perCreator;
    const times = new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT * Math.max(1, total * per));
    const counts = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * Math.max(1, total));
    const started = this.next('started');
    this.post({ type: 'start', prefix, perTip: per, times, counts });
    await started;
    const t = new Float64Array(times);
    const c = new Int32Array(counts);
    return {
      count: (i) => Atomics.load(c, i),
      stop: async () => {
        const stopped = this.next('stopped');
        this.post({ type: 'stop' });
        const event = await stopped;
        const origin = performance.timeOrigin;
        const receipts = Array.from({ length: total }, (_, i) =>
          Array.from({ length: Atomics.load(c, i) }, (_, k) => t[i * per + k]! - origin),
        );
        return { receipts, trace: event.type === 'stopped' ? event.trace : null };
      },
    };
  }

  async close(): Promise<void> {
    const closed = this.next('closed');
    this.post({ type: 'close' });
    await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000))]).catch(() => undefined);
    await this.worker.terminate();
  }

  private post(command: ReceiverCommand): void {
    this.worker.postMessage(command);
  }
}
