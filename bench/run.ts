/**
 * `npm run bench`: boots the API as `npm start` runs it (own process, embedded PostgreSQL in a temp dir), seeds
 * creators and funded viewers straight into its database, and measures on loopback:
 *   1. wallet tips/s through POST /api/tips/send (one hot creator; twenty creators) next to pgbench TPS of a
 *      comparable transaction on the same database, and the ratio;
 *   2. send → creator-socket receipt latency at a steady 200 tips/s with 1,000 creator sockets connected;
 *   3. RSS of the API process holding 10,000 idle websockets;
 *   4. GET /api/tips/recent requests/s.
 * Prints one table, writes JSON to bench/results/<timestamp>.json, stops the API and removes its temp dir.
 * Bounded: every phase is capped in time and count, and a watchdog ends the run at 320 s.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../api/src/config.ts';
import { createDb, type Db } from '../api/src/db/knex.ts';
import { closedLoop, HttpClient, openLoop, summarize, type LoopResult, type Summary } from './load.ts';
import { minimalTipScript, pgbenchAvailable, runPgbench, tipScript, type PgbenchResult } from './pgbench.ts';
import { REPO_ROOT, rssBytes, startBenchProduct, type BenchProduct } from './product.ts';
import { closeAll, openSocket, type OpenSocket } from './sockets.ts';
import { pool, seed, type SeededCreator, type SeededUser } from './seed.ts';

const SETTINGS = {
  creators: 20,
  viewers: 1000,
  viewerBalancePaise: 10_000_000,
  tipRupees: 1,
  httpConcurrency: 48,
  throughputMs: 10_000,
  pgbenchSeconds: 10,
  pgbenchClients: 16,
  pgbenchThreads: 2,
  /** The minimal baseline (issue 16): `-M prepared`, 32 clients. */
  minimalClients: 32,
  latencyRate: 200,
  latencyMs: 10_000,
  socketsPerCreator: 50,
  idleSockets: 10_000,
  idleBatch: 500,
  recentConcurrency: 32,
  recentMs: 10_000,
  apiPoolMax: 10,
  hardLimitMs: 320_000,
};

const MiB = 1024 * 1024;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (n: number) => `${n.toFixed(1)} ms`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const log = (line: string) =>
  process.stderr.write(`[bench ${((performance.now() - T0) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);
const T0 = performance.now();

// ---------- machine ----------

function machine() {
  const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  const pgbench = spawnSync('pgbench', ['--version'], { encoding: 'utf8' });
  return {
    nproc: os.availableParallelism(),
    cpuModel: model,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
    pgbench: pgbench.status === 0 ? pgbench.stdout.trim() : 'unavailable',
    /** 1-minute load average when the run started: other work on the machine skews every figure. */
    loadAverage: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}

/** The soft and hard limits on open files of this process, from /proc/self/limits. */
function openFileLimits(): { soft: number; hard: number } | null {
  try {
    const m = /^Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)/m.exec(
      fs.readFileSync('/proc/self/limits', 'utf8'),
    );
    if (!m) return null;
    const n = (s: string | undefined) => (s === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(s));
    return { soft: n(m[1]), hard: n(m[2]) };
  } catch {
    return null;
  }
}

/**
 * 10,000 client sockets here plus 10,000 in the API (a child, which inherits our limit) need ~11,000 descriptors
 * per process. Node cannot raise its own limit, so when the soft limit is too low but the hard one allows, re-run
 * this script under `ulimit -n`; otherwise open as many idle sockets as the limit allows and say so.
 */
function ensureFileLimit(): { idleSockets: number; note: string } {
  const need = SETTINGS.idleSockets + 1500;
  const limits = openFileLimits();
  if (!limits) return { idleSockets: SETTINGS.idleSockets, note: 'open-file limit unknown' };
  if (limits.soft >= need) return { idleSockets: SETTINGS.idleSockets, note: `ulimit -n ${limits.soft}` };
  if (limits.hard >= need && !process.env.SHABAASH_BENCH_REEXEC) {
    const target = Math.min(limits.hard, 65_536);
    log(`ulimit -n is ${limits.soft}; re-running under ulimit -n ${target}`);
    const r = spawnSync(
      'sh',
      ['-c', `ulimit -n ${target} && exec "${process.execPath}" --import tsx bench/run.ts`],
      {
        cwd: REPO_ROOT,
        stdio: 'inherit',
        env: { ...process.env, SHABAASH_BENCH_REEXEC: '1' },
      },
    );
    process.exit(r.status ?? 1);
  }
  const fit = Math.max(0, Math.floor((limits.soft - 1500) / 1000) * 1000);
  return {
    idleSockets: fit,
    note: `ulimit -n ${limits.soft} (hard ${limits.hard}) only fits ${fit} idle sockets`,
  };
}

// ---------- phases ----------

interface SendPhase {
  label: string;
  result: LoopResult;
}

function sendTipRequest(
  client: HttpClient,
  viewer: SeededUser,
  creator: SeededCreator,
  key: string,
  message: string,
) {
  return client.request(
    'POST',
    '/api/tips/send',
    { authorization: `Bearer ${viewer.token}`, 'idempotency-key': key, accept: 'application/json' },
    JSON.stringify({ amount: SETTINGS.tipRupees, message, creator: creator.handle }),
  );
}

async function throughput(
  product: BenchProduct,
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

interface LatencyPhase {
  label: string;
  rate: number;
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
}

async function latency(
  product: BenchProduct,
  label: string,
  viewers: SeededUser[],
  pickCreator: (i: number) => number,
  creators: SeededCreator[],
  socketsByCreator: OpenSocket[][],
  run: string,
  rate: number = SETTINGS.latencyRate,
): Promise<LatencyPhase> {
  const total = Math.floor((SETTINGS.latencyMs / 1000) * rate);
  const sentAt = new Float64Array(total).fill(NaN);
  const responseAt = new Float64Array(total).fill(NaN);
  const receipts: number[][] = Array.from({ length: total }, () => []);
  // One token, no separators: the stream-safety matcher reads digits as letters ("455" → a blocked word) in separate tokens.
  const prefix = `lat${label}q`;
  const pattern = new RegExp(`"message":"${prefix}(\\d+)"`);
  for (const sockets of socketsByCreator) {
    for (const s of sockets) {
      s.onText = (text) => {
        const now = performance.now();
        if (!text.startsWith('{"type":"tip:new"')) return;
        const m = pattern.exec(text);
        if (m?.[1]) receipts[Number(m[1])]?.push(now);
      };
    }
  }
  const client = new HttpClient(product.url, 64);
  let ok = 0;
  let failed = 0;
  let firstFailure: string | null = null;
  const okTips: number[] = [];
  try {
    // Warm the connection pool so the first sends do not pay for TCP connects.
    await Promise.all(Array.from({ length: 16 }, () => client.request('GET', '/api/health', {})));
    await openLoop({ ratePerSecond: rate, durationMs: SETTINGS.latencyMs, maxRequests: total }, async (i) => {
      const creator = creators[pickCreator(i)]!;
      sentAt[i] = performance.now();
      try {
        const res = await sendTipRequest(
          client,
          viewers[i % viewers.length]!,
          creator,
          `bench-${run}-${prefix}${i}`,
          `${prefix}${i}`,
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
    const expected = okTips.length * SETTINGS.socketsPerCreator;
    const until = performance.now() + 3000;
    while (performance.now() < until && okTips.reduce((n, i) => n + receipts[i]!.length, 0) < expected)
      await sleep(50);
  } finally {
    client.close();
    for (const sockets of socketsByCreator) for (const s of sockets) s.onText = () => undefined;
  }
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
  return {
    label,
    rate,
    sent: total,
    ok,
    failed,
    firstFailure,
    sockets: socketsByCreator.reduce((n, s) => n + s.length, 0),
    receiptsExpected: okTips.length * SETTINGS.socketsPerCreator,
    receipts: got,
    httpResponse: summarize(http),
    sendToReceipt: summarize(all),
    sendToFirstReceipt: summarize(first),
    responseToReceipt: summarize(afterResponse),
  };
}

async function idleMemory(
  product: BenchProduct,
  creators: SeededCreator[],
  count: number,
  keepGoing: () => boolean,
) {
  const wsUrl = `${product.url.replace('http', 'ws')}/ws`;
  await sleep(1000);
  const before = rssBytes(product.pid);
  const sockets: OpenSocket[] = [];
  let failed = 0;
  let firstFailure: string | null = null;
  const t = performance.now();
  try {
    for (let start = 0; start < count; start += SETTINGS.idleBatch) {
      const n = Math.min(SETTINGS.idleBatch, count - start);
      const opened = await Promise.allSettled(
        Array.from({ length: n }, (_, j) =>
          openSocket(wsUrl, { overlayKey: creators[(start + j) % creators.length]!.overlayKey }),
        ),
      );
      for (const o of opened) {
        if (o.status === 'fulfilled') sockets.push(o.value);
        else {
          failed++;
          firstFailure ??= String(o.reason);
        }
      }
      if (!keepGoing()) {
        firstFailure ??= `stopped opening at ${sockets.length}: time budget`;
        break;
      }
    }
    const openMs = performance.now() - t;
    await sleep(2000);
    const after = rssBytes(product.pid);
    return {
      requested: count,
      open: sockets.length,
      failed,
      firstFailure,
      openMs,
      rssBefore: before,
      rssAfter: after,
    };
  } finally {
    await closeAll(sockets);
  }
}

async function recentReads(product: BenchProduct, viewers: SeededUser[], creator: SeededCreator) {
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

// ---------- report ----------

type Row = [string, string, string];

function table(rows: Row[]): string {
  const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: Row) => `| ${r.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  const sep = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(rows[0]!), sep, ...rows.slice(1).map(line)].join('\n');
}

const pct = (s: Summary) => `${ms(s.p50)} / ${ms(s.p99)} / ${ms(s.max)}`;
const failures = (r: { failed: number; firstFailure: string | null }) =>
  r.failed ? `; ${r.failed} failed (${r.firstFailure})` : '';

/** The pgbench baselines: the bench's own script (lookups, simple protocol) and the minimal one (prepared). */
type Baseline = 'hot' | 'spread' | 'minimalHot' | 'minimalSpread';

interface Results {
  takenAt: string;
  command: string;
  machine: ReturnType<typeof machine> & { postgres?: string; openFiles: string; loadAverageEnd?: number };
  settings: typeof SETTINGS;
  complete: boolean;
  notes: string[];
  throughput: { hot?: LoopResult; spread?: LoopResult };
  pgbench: Partial<Record<Baseline, PgbenchResult | null>> & { script?: string; minimalScript?: string };
  ratio: Partial<Record<Baseline, number | null>>;
  latency: { spread?: LatencyPhase; hot?: LatencyPhase; sustainable?: LatencyPhase };
  recent?: LoopResult & { creatorTips: number };
  memory?: Awaited<ReturnType<typeof idleMemory>> & { perSocketBytes: number | null };
  durationSeconds?: number;
}

function rowsOf(r: Results): Row[] {
  const rows: Row[] = [['Measure', 'Result', 'Detail']];
  const tp = (label: string, res: LoopResult | undefined) => {
    if (!res) return rows.push([label, 'not run', '']);
    rows.push([
      label,
      fmt(res.perSecond),
      `${SETTINGS.httpConcurrency} in flight, ${(res.elapsedMs / 1000).toFixed(1)} s, ${fmt(res.ok)} ok; latency p50/p99 ${ms(res.latency.p50)} / ${ms(res.latency.p99)}${failures(res)}`,
    ]);
  };
  const pg = (label: string, res: PgbenchResult | null | undefined) =>
    rows.push([
      label,
      res ? fmt(res.tps) : res === null ? 'pgbench unavailable' : 'not run',
      res ? `${res.command}; avg ${res.latencyAvgMs} ms; ${res.failed} failed` : '',
    ]);
  tp('Wallet tips/s, HTTP, 1 hot creator', r.throughput.hot);
  tp('Wallet tips/s, HTTP, 20 creators', r.throughput.spread);
  pg('pgbench TPS, same DB, 1 hot creator', r.pgbench.hot);
  pg('pgbench TPS, same DB, 20 creators', r.pgbench.spread);
  pg('Minimal pgbench TPS (prepared), 1 hot creator', r.pgbench.minimalHot);
  pg('Minimal pgbench TPS (prepared), 20 creators', r.pgbench.minimalSpread);
  const ratio = (v: number | null | undefined) => (v == null ? 'n/a' : v.toFixed(2));
  rows.push(['Ratio HTTP / pgbench, 1 hot creator', ratio(r.ratio.hot), 'target ≥ 0.50 (ARCHITECTURE §9)']);
  rows.push(['Ratio HTTP / pgbench, 20 creators', ratio(r.ratio.spread), 'target ≥ 0.50 (ARCHITECTURE §9)']);
  rows.push([
    'Ratio HTTP / minimal pgbench, 1 hot creator',
    ratio(r.ratio.minimalHot),
    'target ≥ 0.8 (issue 16)',
  ]);
  rows.push([
    'Ratio HTTP / minimal pgbench, 20 creators',
    ratio(r.ratio.minimalSpread),
    'target ≥ 1.0 (issue 16)',
  ]);
  const phases: Array<[string, LatencyPhase | undefined]> = [
    ['20 creators', r.latency.spread],
    ['1 hot creator', r.latency.hot],
  ];
  if (r.latency.sustainable)
    phases.push([`20 creators at ${r.latency.sustainable.rate}/s`, r.latency.sustainable]);
  for (const [who, l] of phases) {
    if (!l) {
      rows.push([`Send → creator socket, ${who}`, 'not run', '']);
      continue;
    }
    const unanswered = l.sent - l.ok - l.failed;
    rows.push(
      [
        `Send → creator socket, ${who}, p50/p99/max`,
        pct(l.sendToReceipt),
        `${l.rate} tips/s for ${SETTINGS.latencyMs / 1000} s, ${l.sockets} sockets open (${SETTINGS.socketsPerCreator} per creator); ${fmt(l.receipts)}/${fmt(l.receiptsExpected)} receipts${failures(l)}${unanswered ? `; ${unanswered} unanswered` : ''}; target p50 ≤ 5 ms, p99 ≤ 25 ms`,
      ],
      [
        '  send → first of the creator’s sockets',
        pct(l.sendToFirstReceipt),
        'the earliest of the 50 receipts of each tip',
      ],
      [
        '  HTTP response → socket receipt',
        pct(l.responseToReceipt),
        'lower bound of commit → receipt (negative: socket before response)',
      ],
      ['  HTTP send → response', pct(l.httpResponse), `${fmt(l.ok)} tips answered 200`],
    );
  }
  if (r.recent) {
    rows.push([
      'GET /api/tips/recent req/s',
      fmt(r.recent.perSecond),
      `${SETTINGS.recentConcurrency} in flight, authorised viewers, creator with ${fmt(r.recent.creatorTips)} tips; p50/p99 ${ms(r.recent.latency.p50)} / ${ms(r.recent.latency.p99)}${failures(r.recent)}`,
    ]);
  } else rows.push(['GET /api/tips/recent req/s', 'not run', '']);
  const m = r.memory;
  if (m) {
    rows.push([
      'API RSS: no sockets → idle sockets',
      m.rssBefore && m.rssAfter ? `${fmt(m.rssBefore / MiB)} → ${fmt(m.rssAfter / MiB)} MiB` : 'n/a',
      `${fmt(m.open)}/${fmt(m.requested)} sockets hello'd (overlay key) in ${(m.openMs / 1000).toFixed(1)} s${m.perSocketBytes ? `; ${fmt(m.perSocketBytes / 1024, 1)} KiB per socket` : ''}; target < 1 GiB at 10,000${failures(m)}`,
    ]);
  } else rows.push(['API RSS with idle sockets', 'not run', '']);
  return rows;
}

function printAndSave(r: Results): void {
  r.machine.loadAverageEnd = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
  r.durationSeconds = Math.round((performance.now() - T0) / 1000);
  const mc = r.machine;
  const header = [
    `Shabaash bench — ${r.takenAt} — command: npm run bench${r.complete ? '' : ' — INCOMPLETE (time budget reached)'}`,
    `Machine: ${mc.nproc} CPUs (${mc.cpuModel}), ${mc.memoryGiB} GiB RAM, ${mc.kernel}, Node ${mc.node}, ${mc.postgres ?? 'PostgreSQL ?'}, ${mc.pgbench}`,
    `One API process (DATABASE_POOL_MAX=${SETTINGS.apiPoolMax}) with embedded PostgreSQL (fsync on); load generator and pgbench on the same machine over loopback.`,
    `Load average (1 min): ${mc.loadAverage} at start, ${mc.loadAverageEnd} at end. Run time ${r.durationSeconds} s.`,
    ...r.notes.map((n) => `Note: ${n}`),
  ];
  console.log(`\n${header.join('\n')}\n\n${table(rowsOf(r))}\n`);
  const resultsDir = path.join(REPO_ROOT, 'bench', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${r.takenAt.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(r, null, 2));
  console.log(`JSON: ${path.relative(REPO_ROOT, file)}`);
}

// ---------- main ----------

async function main(): Promise<void> {
  const limits = ensureFileLimit();
  const info = machine();
  const runId = randomBytes(4).toString('hex');
  const jwtSecret = randomBytes(32).toString('hex');
  const results: Results = {
    takenAt: new Date().toISOString(),
    command: 'npm run bench',
    machine: { ...info, openFiles: limits.note },
    settings: SETTINGS,
    complete: false,
    notes: [],
    throughput: {},
    pgbench: {},
    ratio: {},
    latency: {},
  };
  log(
    `machine: ${info.nproc} CPUs (${info.cpuModel}), ${info.memoryGiB} GiB; load ${info.loadAverage}; ${limits.note}`,
  );
  /** Milliseconds left before the watchdog, minus a reserve for printing and cleanup. */
  const remaining = () => SETTINGS.hardLimitMs - 25_000 - (performance.now() - T0);

  let product: BenchProduct | null = null;
  let db: Db | null = null;
  let cleaning: Promise<void> | null = null;
  let reported = false;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await db?.destroy().catch(() => undefined);
      await product?.stop().catch(() => undefined);
    })());
  const abort = (why: string, code: number) => {
    log(why);
    if (!reported) {
      reported = true;
      results.notes.push(why);
      printAndSave(results);
    }
    void cleanup().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => abort('interrupted; cleaning up', 130));
  process.once('SIGTERM', () => abort('terminated; cleaning up', 143));
  const watchdog = setTimeout(
    () => abort(`watchdog: over ${SETTINGS.hardLimitMs / 1000} s; cleaning up`, 1),
    SETTINGS.hardLimitMs,
  );
  watchdog.unref();
  const creatorSockets: OpenSocket[] = [];

  try {
    log('starting the API (node --import tsx api/src/main.ts) with embedded PostgreSQL…');
    product = await startBenchProduct({
      JWT_SECRET: jwtSecret,
      DATABASE_POOL_MAX: String(SETTINGS.apiPoolMax),
    });
    log(`API pid ${product.pid} at ${product.url}; PostgreSQL on 127.0.0.1:${product.pgPort}`);
    const config = loadConfig({ JWT_SECRET: jwtSecret, NODE_ENV: 'development', LOG_LEVEL: 'warn' });
    db = createDb(product.databaseUrl, 8);
    results.machine.postgres = (
      (await db.raw<{ rows: Array<{ v: string }> }>('select version() as v')).rows[0]?.v ?? ''
    ).split(' on ')[0];

    log(`seeding ${SETTINGS.creators} creators and ${SETTINGS.viewers} funded viewers…`);
    const {
      run: seedRun,
      creators,
      viewers,
    } = await seed(db, config, {
      creators: SETTINGS.creators,
      viewers: SETTINGS.viewers,
      balancePaise: SETTINGS.viewerBalancePaise,
    });
    const hot = creators[0]!;

    // 1. Wallet tips/s through HTTP, next to pgbench on the same database.
    log('HTTP tips/s, one hot creator…');
    results.throughput.hot = (await throughput(product, 'hot', viewers, () => hot, runId)).result;
    log(`  ${fmt(results.throughput.hot.perSecond)} tips/s`);
    log('HTTP tips/s, twenty creators…');
    results.throughput.spread = (
      await throughput(product, 'spread', viewers, (i) => creators[i % creators.length]!, runId)
    ).result;
    log(`  ${fmt(results.throughput.spread.perSecond)} tips/s`);
    results.pgbench.script = tipScript(viewers.length, creators.length);
    if (pgbenchAvailable()) {
      const common = {
        port: product.pgPort,
        user: 'shabaash',
        password: 'shabaash',
        database: 'shabaash',
        clients: SETTINGS.pgbenchClients,
        threads: SETTINGS.pgbenchThreads,
        seconds: SETTINGS.pgbenchSeconds,
      };
      log('pgbench, one hot creator…');
      results.pgbench.hot = await runPgbench({ ...common, script: tipScript(viewers.length, 1) });
      results.ratio.hot = results.throughput.hot.perSecond / results.pgbench.hot.tps;
      log(`  ${fmt(results.pgbench.hot.tps)} TPS`);
      log('pgbench, twenty creators…');
      results.pgbench.spread = await runPgbench({
        ...common,
        script: tipScript(viewers.length, creators.length),
      });
      results.ratio.spread = results.throughput.spread.perSecond / results.pgbench.spread.tps;
      log(`  ${fmt(results.pgbench.spread.tps)} TPS`);
      const minimal = { ...common, clients: SETTINGS.minimalClients, prepared: true };
      results.pgbench.minimalScript = minimalTipScript(seedRun, viewers.length, creators.length);
      for (const [which, nCreators] of [
        ['minimalHot', 1],
        ['minimalSpread', creators.length],
      ] as const) {
        log(`minimal pgbench (prepared, ${SETTINGS.minimalClients} clients), ${nCreators} creator(s)…`);
        const res = await runPgbench({
          ...minimal,
          script: minimalTipScript(seedRun, viewers.length, nCreators),
        });
        results.pgbench[which] = res;
        const http = which === 'minimalHot' ? results.throughput.hot : results.throughput.spread;
        results.ratio[which] = http.perSecond / res.tps;
        log(`  ${fmt(res.tps)} TPS`);
      }
    } else {
      console.log('pgbench unavailable');
      results.pgbench.hot = null;
      results.pgbench.spread = null;
      results.pgbench.minimalHot = null;
      results.pgbench.minimalSpread = null;
      results.notes.push('pgbench unavailable (apt-get install postgresql-client)');
    }

    // 2. Send → creator socket latency with 1,000 creator sockets connected.
    log(
      `latency: connecting ${SETTINGS.creators * SETTINGS.socketsPerCreator} creator sockets (token hello)…`,
    );
    const wsUrl = `${product.url.replace('http', 'ws')}/ws`;
    const socketsByCreator: OpenSocket[][] = [];
    for (const creator of creators) {
      const sockets = await pool(SETTINGS.socketsPerCreator, 25, () =>
        openSocket(wsUrl, { token: creator.token }),
      );
      socketsByCreator.push(sockets);
      creatorSockets.push(...sockets);
    }
    await sleep(500);
    log(`latency: ${SETTINGS.latencyRate} tips/s over twenty creators…`);
    const latSpread = await latency(
      product,
      'spread',
      viewers,
      (i) => i % creators.length,
      creators,
      socketsByCreator,
      runId,
    );
    results.latency.spread = latSpread;
    log(`  send → receipt p50/p99/max ${pct(latSpread.sendToReceipt)}`);
    log(`latency: ${SETTINGS.latencyRate} tips/s to one hot creator…`);
    const latHot = await latency(product, 'hot', viewers, () => 0, creators, socketsByCreator, runId);
    results.latency.hot = latHot;
    log(`  send → receipt p50/p99/max ${pct(latHot.sendToReceipt)}`);
    // When this machine cannot sustain the target rate, queueing dominates the figures above; measure the
    // pipeline itself at half the measured 20-creator throughput too.
    const sustainable = Math.floor((results.throughput.spread.perSecond * 0.5) / 5) * 5;
    if (sustainable >= 5 && sustainable < SETTINGS.latencyRate) {
      log(`latency: ${sustainable} tips/s (half the measured throughput) over twenty creators…`);
      const latSlow = await latency(
        product,
        'slow',
        viewers,
        (i) => i % creators.length,
        creators,
        socketsByCreator,
        runId,
        sustainable,
      );
      results.latency.sustainable = latSlow;
      log(`  send → receipt p50/p99/max ${pct(latSlow.sendToReceipt)}`);
    }
    await closeAll(creatorSockets);
    creatorSockets.length = 0;

    // 4. GET /api/tips/recent.
    log('GET /api/tips/recent requests/s…');
    const tipsOfHot = Number(
      (await db('tips').where({ creator_id: hot.id }).count<Array<{ count: string }>>('* as count'))[0]
        ?.count ?? 0,
    );
    results.recent = { ...(await recentReads(product, viewers, hot)), creatorTips: tipsOfHot };
    log(`  ${fmt(results.recent.perSecond)} req/s`);

    // 3. Memory with idle sockets (last: the slowest phase, bounded by the time left).
    log(
      `memory: opening ${limits.idleSockets} idle websockets (overlay-key hello) in batches of ${SETTINGS.idleBatch}…`,
    );
    const memory = await idleMemory(product, creators, limits.idleSockets, () => remaining() > 10_000);
    const perSocketBytes =
      memory.rssAfter && memory.rssBefore && memory.open
        ? (memory.rssAfter - memory.rssBefore) / memory.open
        : null;
    results.memory = { ...memory, perSocketBytes };
    if (limits.idleSockets < SETTINGS.idleSockets) results.notes.push(limits.note);
    log(
      `  ${memory.open} sockets: RSS ${fmt((memory.rssBefore ?? 0) / MiB)} → ${fmt((memory.rssAfter ?? 0) / MiB)} MiB`,
    );

    results.complete = memory.open === SETTINGS.idleSockets;
    if (!reported) {
      reported = true;
      printAndSave(results);
    }
  } finally {
    clearTimeout(watchdog);
    await closeAll(creatorSockets);
    log('stopping the API and removing its temp dir…');
    await cleanup();
    log(`done in ${Math.round((performance.now() - T0) / 1000)} s`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
