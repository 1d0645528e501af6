import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { startClientTrace, type ClientWindow } from '../probes/clientTrace.ts';
import { closeAll, openSocket, startsWith, type OpenSocket } from './sockets.ts';
import type { ReceiverCommand, ReceiverEvent, ReceiverSetup } from './receivers.ts';
import { pool } from '../settings.ts';

/**
 * The creator sockets of the send → socket phases, in their own thread (bench/load/receivers.ts): a creator's phone is
 * another device, so the bench's sending (HTTP client, its allocations and GC) must not delay the stamping of
 * receipts, nor the reverse. Per frame: one clock read, a prefix compare and the tip's number read from the bytes
 * (no string, no JSON), stored into shared memory; nothing is allocated per frame by this code.
 */

const TIP_NEW = Buffer.from('{"type":"tip:new"');
const setup = workerData as ReceiverSetup;
const port = parentPort!;
const post = (event: ReceiverEvent) => port.postMessage(event);
const origin = performance.timeOrigin;

let sockets: OpenSocket[] = [];
let stopTrace: (() => ClientWindow) | null = null;

async function connect(): Promise<void> {
  for (const token of setup.tokens) {
    sockets.push(...(await pool(setup.perCreator, 25, () => openSocket(setup.wsUrl, { token }))));
  }
}

function start(command: Extract<ReceiverCommand, { type: 'start' }>): void {
  const times = new Float64Array(command.times);
  const counts = new Int32Array(command.counts);
  const per = command.perTip;
  const marker = Buffer.from(`"message":"${command.prefix}`);
  const receive = (data: Buffer) => {
    const now = origin + performance.now();
    if (!startsWith(data, TIP_NEW)) return;
    const at = data.indexOf(marker);
    if (at < 0) return;
    let n = 0;
    let k = at + marker.length;
    for (; k < data.length && data[k]! >= 0x30 && data[k]! <= 0x39; k++) n = n * 10 + data[k]! - 0x30;
    if (k === at + marker.length || data[k] !== 0x22 || n >= counts.length) return;
    const slot = Atomics.load(counts, n);
    if (slot >= per) return;
    times[n * per + slot] = now;
    Atomics.store(counts, n, slot + 1);
  };
  for (const s of sockets) s.onFrame = receive;
  stopTrace = startClientTrace();
}

function stop(): ClientWindow | null {
  for (const s of sockets) s.onFrame = () => undefined;
  const window = stopTrace?.() ?? null;
  stopTrace = null;
  return window;
}

port.on('message', (command: ReceiverCommand) => {
  if (command.type === 'start') {
    start(command);
    post({ type: 'started' });
  } else if (command.type === 'stop') {
    post({ type: 'stopped', trace: stop() });
  } else if (command.type === 'close') {
    stop();
    void closeAll(sockets).finally(() => {
      sockets = [];
      post({ type: 'closed' });
      port.close();
    });
  }
});

connect().then(
  () => post({ type: 'ready', sockets: sockets.length }),
  (err: unknown) => post({ type: 'failed', error: String(err) }),
);
