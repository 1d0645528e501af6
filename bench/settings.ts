import { performance } from 'node:perf_hooks';

/** What `npm run bench` measures with, and the helpers every job of it shares. */
export const SETTINGS = {
  creators: 20,
  viewers: 1000,
  viewerBalancePaise: 10_000_000,
  tipRupees: 1,
  httpConcurrency: 48,
  throughputMs: 10_000,
  pgbenchSeconds: 10,
  pgbenchClients: 16,
  pgbenchThreads: 2,
  /** The minimal baseline: `-M prepared`, 32 clients. */
  minimalClients: 32,
  latencyRate: 200,
  /** The send → socket window of the webhooks phase (bench/phases/webhooks.ts). */
  latencyMs: 10_000,
  /** The send → socket phase: a warm-up at the same rate, not counted, then the measured window. */
  latencyWarmupMs: Number(process.env.BENCH_LATENCY_WARMUP_MS ?? 5_000),
  latencyWindowMs: Number(process.env.BENCH_LATENCY_WINDOW_MS ?? 20_000),
  socketsPerCreator: 50,
  /**
   * The target; the open-file limit may allow fewer (machine.ts#ensureFileLimit says so). BENCH_IDLE_SOCKETS
   * sets another (a short try of `npm run bench:idle-vm`).
   */
  idleSockets: Number(process.env.BENCH_IDLE_SOCKETS ?? 100_000),
  /** Hellos kept in flight by the idle phase (bench/phases/idle.ts); BENCH_IDLE_BATCH: fewer in the slower VM guest. */
  idleBatch: Number(process.env.BENCH_IDLE_BATCH ?? 500),
  /**
   * The idle phase stops opening sockets when less than this is left before the watchdog (ms), for the memory
   * reading and the closing; BENCH_IDLE_RESERVE_MS: more in the slower VM guest.
   */
  idleReserveMs: Number(process.env.BENCH_IDLE_RESERVE_MS ?? 10_000),
  recentConcurrency: 32,
  recentMs: 10_000,
  apiPoolMax: 10,
  speechSamples: 20,
  /** The watchdog; BENCH_HARD_LIMIT_MS lifts it in the slower guest of `npm run bench:idle-vm`. */
  hardLimitMs: Number(process.env.BENCH_HARD_LIMIT_MS ?? 540_000),
};

export const MiB = 1024 * 1024;
export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const ms = (n: number) => `${n.toFixed(1)} ms`;
export const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
export const log = (line: string) =>
  process.stderr.write(`[bench ${((performance.now() - T0) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);
export const T0 = performance.now();

/** Runs `fn` over 0..n-1 with at most `concurrency` in flight. */
export async function pool<T>(n: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out = new Array<T>(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}
