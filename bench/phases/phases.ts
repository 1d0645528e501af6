import { performance } from 'node:perf_hooks';
import { closedLoop, HttpClient, openLoop, summarize, type LoopResult, type Summary } from '../load/load.ts';
import { type BenchProduct } from '../product.ts';
import type { CreatorReceivers } from '../load/receivers.ts';
import { type SeededCreator, type SeededUser } from '../load/seed.ts';
import type { LatencySamples } from './latency.ts';
import type { TailBreakdown } from '../reports/tailBreakdown.ts';
import { SETTINGS, sleep } from '../settings.ts';

export interface LatencyPhase {
  label: string;
  rate: number;
  /** The measured window (ms). */
  durationMs?: number;
  sent: number;
  ok: number;
  failed: number;
  firstFailure: string | null;
  sockets: number;
  receiptsExpected: number;
  receipts: number;
  /** Request written → HTTP response read (the send is committed before its response is written). */
  httpResponse: Summary;
  /** Request written → tip:new read on each of the creator's sockets (upper bound of commit → receipt). */
  sendToReceipt: Summary;
  /** Same, for the first of the creator's sockets to receive it. */
  sendToFirstReceipt: Summary;
  /** HTTP response read → tip:new read on each socket (lower bound of commit → receipt; negative = socket first). */
  responseToReceipt: Summary;
  /** Where the receipts at or above p99 spent their time (bench/reports/tailBreakdown.ts). */
  tail?: TailBreakdown;
  /** Not enumerable (never in the JSON): the raw stamps. */
  samples?: LatencySamples;
}

/** The measuring jobs of `npm run bench` (runners.ts runs them in order). */
// ---------- phases ----------

export interface SendPhase {
  label: string;
  result: LoopResult;
}

export function sendTipRequest(
  client: HttpClient,
  viewer: SeededUser,
  creator: SeededCreator,
  key: string,
  message: string,
  onWritten?: () => void,
) {
  return client.request(
    'POST',
    '/api/tips/send',
    { authorization: `Bearer ${viewer.token}`, 'idempotency-key': key, accept: 'application/json' },
    JSON.stringify({ amount: SETTINGS.tipRupees, message, creator: creator.handle }),
    onWritten,
  );
}

/** The product, or a floor (bench/floors): the phases need only its URL. */
type Target = Pick<BenchProduct, 'url'>;

export async function throughput(
  product: Target,
  label: string,
  viewers: SeededUser[],
  pickCreator: (i: number) => SeededCreator,
  run: string,
): Promise<SendPhase> {
  const client = new HttpClient(product.url, SETTINGS.httpConcurrency);
  try {
    const result = await closedLoop(
      { concurrency: SETTINGS.httpConcurrency, durationMs: SETTINGS.throughputMs, maxRequests: 200_000 },
      (i) =>
        sendTipRequest(
          client,
          viewers[i % viewers.length]!,
          pickCreator(i),
          `bench-${run}-${label}-${i}`,
          `tpq${String(i).padStart(7, '0')}`,
        ),
    );
    return { label, result };
  } finally {
    client.close();
  }
}

export async function latency(
  product: Target,
  label: string,
  viewers: SeededUser[],
  pickCreator: (i: number) => number,
  creators: SeededCreator[],
  receivers: CreatorReceivers,
  run: string,
  rate: number = SETTINGS.latencyRate,
  durationMs: number = SETTINGS.latencyMs,
  /** Receives every send → socket sample too (the webhooks phase pools its runs' samples). */
  sink?: number[],
): Promise<LatencyPhase> {
  const total = Math.floor((durationMs / 1000) * rate);
  const scheduledAt = new Float64Array(total).fill(NaN);
  const sentAt = new Float64Array(total).fill(NaN);
  const writtenAt = new Float64Array(total).fill(NaN);
  const responseAt = new Float64Array(total).fill(NaN);
  // One token, no separators: the stream-safety matcher reads digits as letters ("455" → a blocked word) in separate tokens.
  const prefix = `lat${label}q`;
  // The creator sockets stamp receipts in their own thread (bench/load/receivers.ts).
  const window = await receivers.window(prefix, total);
  const client = new HttpClient(product.url, 64);
  let ok = 0;
  let failed = 0;
  let firstFailure: string | null = null;
  const okTips: number[] = [];
  try {
    // Warm the connection pool so the first sends do not pay for TCP connects.
    await Promise.all(Array.from({ length: 16 }, () => client.request('GET', '/api/health', {})));
    await openLoop({ ratePerSecond: rate, durationMs, maxRequests: total }, async (i, due) => {
      const creator = creators[pickCreator(i)]!;
      scheduledAt[i] = due;
      sentAt[i] = performance.now();
      try {
        const res = await sendTipRequest(
          client,
          viewers[i % viewers.length]!,
          creator,
          `bench-${run}-${prefix}${i}`,
          `${prefix}${i}`,
          () => (writtenAt[i] = performance.now()),
        );
        responseAt[i] = performance.now();
        if (res.status === 200) {
          ok++;
          okTips.push(i);
        } else {
          failed++;
          firstFailure ??= `${res.status} ${res.body.slice(0, 200)}`;
        }
      } catch (err) {
        failed++;
        firstFailure ??= String(err);
      }
    });
    // Let the last pushes arrive (bounded).
    const expected = okTips.length * receivers.perCreator;
    const until = performance.now() + 3000;
    while (performance.now() < until && okTips.reduce((n, i) => n + window.count(i), 0) < expected)
      await sleep(50);
  } finally {
    client.close();
  }
  const { receipts, trace: receiverTrace } = await window.stop();
  const http: number[] = [];
  const all: number[] = [];
  const first: number[] = [];
  const afterResponse: number[] = [];
  let got = 0;
  for (const i of okTips) {
    http.push(responseAt[i]! - sentAt[i]!);
    const r = receipts[i]!;
    got += r.length;
    let min = Infinity;
    for (const t of r) {
      all.push(t - sentAt[i]!);
      afterResponse.push(t - responseAt[i]!);
      if (t < min) min = t;
    }
    if (r.length > 0) first.push(min - sentAt[i]!);
  }
  if (sink) for (const v of all) sink.push(v);
  const phase: LatencyPhase = {
    label,
    rate,
    durationMs,
    sent: total,
    ok,
    failed,
    firstFailure,
    sockets: receivers.sockets,
    receiptsExpected: okTips.length * receivers.perCreator,
    receipts: got,
    httpResponse: summarize(http),
    sendToReceipt: summarize(all),
    sendToFirstReceipt: summarize(first),
    responseToReceipt: summarize(afterResponse),
  };
  // The raw stamps, for the tail breakdown (bench/reports/tailBreakdown.ts); not enumerable, so never in the JSON.
  const samples: LatencySamples = {
    prefix,
    origin: performance.timeOrigin,
    scheduledAt,
    sentAt,
    writtenAt,
    receipts,
    receiverTrace,
    okTips,
  };
  Object.defineProperty(phase, 'samples', { value: samples, enumerable: false });
  return phase;
}

export async function recentReads(product: Target, viewers: SeededUser[], creator: SeededCreator) {
  const client = new HttpClient(product.url, SETTINGS.recentConcurrency);
  try {
    return await closedLoop(
      { concurrency: SETTINGS.recentConcurrency, durationMs: SETTINGS.recentMs, maxRequests: 500_000 },
      (i) =>
        client.request('GET', `/api/tips/recent?creator=${encodeURIComponent(creator.handle)}`, {
          authorization: `Bearer ${viewers[i % viewers.length]!.token}`,
          accept: 'application/json',
        }),
    );
  } finally {
    client.close();
  }
}
