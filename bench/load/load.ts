import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  p999: number;
  max: number;
  mean: number;
}

/** p50 / p95 / p99 / p99.9 / max / mean of a list of milliseconds (nearest-rank percentiles); zeros when empty. */
export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) return { count: 0, p50: 0, p95: 0, p99: 0, p999: 0, max: 0, mean: 0 };
  const sorted = Float64Array.from(values).sort();
  const rank = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    count: sorted.length,
    p50: rank(50),
    p95: rank(95),
    p99: rank(99),
    p999: rank(99.9),
    max: sorted[sorted.length - 1] ?? 0,
    mean: sum / sorted.length,
  };
}

export interface HttpResult {
  status: number;
  body: string;
}

/** A keep-alive HTTP/1.1 client on one loopback origin with at most `maxSockets` connections. */
export class HttpClient {
  readonly agent: http.Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string, maxSockets: number) {
    const u = new URL(baseUrl);
    this.host = u.hostname;
    this.port = Number(u.port);
    this.agent = new http.Agent({
      keepAlive: true,
      maxSockets,
      maxFreeSockets: maxSockets,
      scheduling: 'lifo',
    });
  }

  /** One request; resolves with status and body text (never rejects on HTTP errors, only on transport errors). */
  /** `onWritten`: called when the request has been handed to the kernel ('finish'). */
  request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
    onWritten?: () => void,
  ): Promise<HttpResult> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.host,
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers:
            body === undefined
              ? headers
              : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      if (onWritten) req.once('finish', onWritten);
      req.setTimeout(15_000, () => req.destroy(new Error('request timed out')));
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Closes every pooled connection. */
  close(): void {
    this.agent.destroy();
  }
}

export interface LoopResult {
  ok: number;
  failed: number;
  /** Status (or "error") → count, for the failures. */
  failures: Record<string, number>;
  firstFailure: string | null;
  elapsedMs: number;
  perSecond: number;
  latency: Summary;
}

/**
 * Closed-loop load: `concurrency` workers each send one request at a time until `durationMs` passes or
 * `maxRequests` have been started. `run(i)` sends request number i and returns its status and body.
 */
export async function closedLoop(
  opts: { concurrency: number; durationMs: number; maxRequests: number; okStatus?: number },
  run: (i: number) => Promise<HttpResult>,
): Promise<LoopResult> {
  const okStatus = opts.okStatus ?? 200;
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let firstFailure: string | null = null;
  let started = 0;
  let ok = 0;
  let failed = 0;
  const t0 = performance.now();
  const deadline = t0 + opts.durationMs;
  const fail = (key: string, detail: string) => {
    failed++;
    failures[key] = (failures[key] ?? 0) + 1;
    firstFailure ??= detail.slice(0, 300);
  };
  const worker = async () => {
    while (performance.now() < deadline && started < opts.maxRequests) {
      const i = started++;
      const s = performance.now();
      try {
        const res = await run(i);
        if (res.status === okStatus) {
          ok++;
          latencies.push(performance.now() - s);
        } else fail(String(res.status), `${res.status} ${res.body}`);
      } catch (err) {
        fail('error', String(err));
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const elapsedMs = performance.now() - t0;
  return {
    ok,
    failed,
    failures,
    firstFailure,
    elapsedMs,
    perSecond: (ok * 1000) / elapsedMs,
    latency: summarize(latencies),
  };
}

/**
 * Open-loop load at a steady rate: request i is started at t0 + i / ratePerSecond regardless of earlier
 * answers (so a slow server shows as latency, not as a lower rate). Stops after `durationMs` or `maxRequests`.
 * Resolves when every started request has settled, or `settleMs` (default 10 s) after the last was started.
 */
export async function openLoop(
  opts: { ratePerSecond: number; durationMs: number; maxRequests: number; settleMs?: number },
  /** `scheduledAt`: when request i was due (performance.now() clock); it starts at or after that. */
  run: (i: number, scheduledAt: number) => Promise<void>,
): Promise<{ started: number; elapsedMs: number; settled: boolean }> {
  const interval = 1000 / opts.ratePerSecond;
  const total = Math.min(opts.maxRequests, Math.floor(opts.durationMs / interval));
  const pending: Array<Promise<void>> = [];
  const t0 = performance.now();
  let i = 0;
  while (i < total) {
    const now = performance.now();
    for (; i < total && t0 + i * interval <= now; i++) pending.push(run(i, t0 + i * interval));
    const next = t0 + i * interval - performance.now();
    if (i < total && next > 0) await new Promise((r) => setTimeout(r, Math.max(1, Math.floor(next))));
  }
  // Wait for the answers, but not forever: an overloaded server shows as unsettled sends, not a hung bench.
  let settled = false;
  await Promise.race([
    Promise.allSettled(pending).then(() => (settled = true)),
    new Promise((r) => setTimeout(r, opts.settleMs ?? 10_000).unref()),
  ]);
  return { started: total, elapsedMs: performance.now() - t0, settled };
}
