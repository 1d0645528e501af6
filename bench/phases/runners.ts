import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../api/src/db/knex.ts';
import { startClientTrace, type ClientWindow } from '../probes/clientTrace.ts';
import type { ensureFileLimit } from '../probes/machine.ts';
import { minimalTipScript, pgbenchAvailable, runPgbench, tipScript } from '../probes/pgbench.ts';
import { idlePhase } from './idle.ts';
import { socketFloorMemory, startFloor, type Floor } from '../floors/floors.ts';
import { latency, recentReads, throughput } from './phases.ts';
import type { BenchProduct } from '../product.ts';
import { costLine, type Results, type SendCost } from '../reports/report.ts';
import type { LatencyPhase } from './phases.ts';
import type { LoopResult } from '../load/load.ts';
import { tail } from '../reports/table.ts';
import { countersPerOp, cpuMsPerOp, cpuSnapshot, dbCounters } from '../probes/procStats.ts';
import { analyzeFilled, type SeededCreator, type SeededUser } from '../load/seed.ts';
import { fmt, log, MiB, ms, SETTINGS, sleep } from '../settings.ts';
import { CreatorReceivers } from '../load/receivers.ts';
import { SPEECH_MESSAGE_CHARS, speechReadiness } from './speech.ts';
import { startSysTrace } from '../probes/sysTrace.ts';
import { tailBreakdown } from '../reports/tailBreakdown.ts';
import { webhooksPhase, WEBHOOKS_PHASE_BUDGET_MS } from './webhooks.ts';

/** The phase runners of `npm run bench` (run.ts sets up the product and calls them in order). */

export const PHASES = ['speech', 'send', 'latency', 'webhooks', 'recent', 'idle'] as const;
export type Phase = (typeof PHASES)[number];

/** What every phase runner reads: the running product, its database, the seeded users and the results so far. */
export interface BenchRun {
  product: BenchProduct;
  db: Db;
  results: Results;
  seedRun: string;
  runId: string;
  creators: SeededCreator[];
  viewers: SeededUser[];
  want: (phase: Phase) => boolean;
  /** Milliseconds left before the watchdog, minus a reserve for printing and cleanup. */
  remaining: () => number;
  /** Runs one measuring job inside its own probe window (what the API process saw during it alone). */
  probed: <T>(name: string, job: () => Promise<T>) => Promise<T>;
  /** The probe's file, for a phase that reads the probe inside its job (bench/phases/idle.ts, bench/phases/webhooks.ts). */
  probeFile: string;
  /** The send and socket floors, running beside the product for the whole run (bench/floors). */
  floors: { send: Floor; socket: Floor };
}

/** 5. Time to audio ready: it is short, so it runs first. */
export async function speechJob(b: BenchRun): Promise<void> {
  log(`time to audio ready: ${SETTINGS.speechSamples} tips of ${SPEECH_MESSAGE_CHARS} characters…`);
  b.results.speech = await speechReadiness(
    b.product,
    b.db,
    b.creators[1]!,
    SETTINGS.speechSamples,
    () => b.remaining() > 60_000,
  );
  log(`  p50/p95 ${ms(b.results.speech.ready.p50)} / ${ms(b.results.speech.ready.p95)}`);
}

/**
 * 1. Wallet tips/s through HTTP, each mix followed AT ONCE by pgbench of the same mix on the same database:
 * on a shared machine the load moves within seconds, so measurements far apart make a ratio of two moments.
 */
export async function sendJob(b: BenchRun): Promise<void> {
  const { product, results, viewers, creators } = b;
  const common = {
    port: product.pgPort,
    user: 'shabaash',
    password: 'shabaash',
    database: 'shabaash',
    clients: SETTINGS.pgbenchClients,
    threads: SETTINGS.pgbenchThreads,
    seconds: SETTINGS.pgbenchSeconds,
  };
  const withPgbench = pgbenchAvailable();
  if (!withPgbench) results.notes.push('pgbench unavailable (apt-get install postgresql-client)');
  results.pgbench.script = tipScript(viewers.length, creators.length);
  results.pgbench.minimalScript = minimalTipScript(b.seedRun, viewers.length, creators.length);
  const mixes = [
    { mix: 'hot', minimal: 'minimalHot', label: 'one hot creator', n: 1 },
    { mix: 'spread', minimal: 'minimalSpread', label: 'twenty creators', n: creators.length },
  ] as const;
  for (const { mix, minimal, label, n } of mixes) {
    await settleDatabase(b.db);
    log(`HTTP tips/s, ${label}…`);
    const cost = await costMeter(b);
    const http = (
      await b.probed(`tips/s, ${mix === 'hot' ? 'hot' : '20 creators'}`, () =>
        throughput(product, mix, viewers, (i) => creators[i % n]!, b.runId),
      )
    ).result;
    results.throughput[mix] = http;
    results.cost[mix] = await cost(http.ok);
    log(`  ${fmt(http.perSecond)} tips/s; per tip ${costLine(results.cost[mix])}`);
    logFailures(http);
    await settleDatabase(b.db);
    log(`send floor tips/s, ${label} (same client)…`);
    const floor = await throughput(b.floors.send, mix, viewers, (i) => creators[i % n]!, `${b.runId}f`);
    results.floors.throughput[mix] = floor.result;
    logFailures(floor.result);
    log(
      `  ${fmt(floor.result.perSecond)} tips/s: ratio ${(http.perSecond / floor.result.perSecond).toFixed(2)}`,
    );
    if (!withPgbench) {
      results.pgbench[mix] = results.pgbench[minimal] = null;
      continue;
    }
    await settleDatabase(b.db);
    log(`minimal pgbench (prepared, ${SETTINGS.minimalClients} clients), ${label}…`);
    const minCost = await costMeter(b);
    const min = await runPgbench({
      ...common,
      clients: SETTINGS.minimalClients,
      prepared: true,
      script: minimalTipScript(b.seedRun, viewers.length, n),
    });
    results.pgbench[minimal] = min;
    results.ratio[minimal] = http.perSecond / min.tps;
    results.cost[minimal] = await minCost(Math.round(min.tps * SETTINGS.pgbenchSeconds));
    log(`  ${fmt(min.tps)} TPS; per transaction ${costLine(results.cost[minimal])}`);
    await settleDatabase(b.db);
    log(`pgbench, ${label}…`);
    const old = await runPgbench({ ...common, script: tipScript(viewers.length, n) });
    results.pgbench[mix] = old;
    results.ratio[mix] = http.perSecond / old.tps;
    log(`  ${fmt(old.tps)} TPS`);
  }
}

/**
 * Starts measuring what one operation costs: CPU milliseconds of the load generator (this process, or pgbench
 * once it exited), the API process and PostgreSQL (postmaster and every backend, exited ones too) from /proc, and the
 * server's commits and row counters (pg_stat_database). The returned function ends it for `ops` operations. The
 * CPU split does not move with the machine's load the way throughput does, so it is what a change is judged by.
 */
async function costMeter(b: BenchRun): Promise<(ops: number) => Promise<SendCost>> {
  const counters = await dbCounters(b.db);
  const cpu = cpuSnapshot(b.product.pid, null);
  return async (ops) => {
    const cpuAfter = cpuSnapshot(b.product.pid, null);
    await sleep(1500); // backends report their counters at most once a second
    const { api = 0, pgApi = 0, pgWorker = 0, pgOther = 0, bench = 0 } = cpuMsPerOp(cpu, cpuAfter, ops);
    const postgres = Math.round((pgApi + pgWorker + pgOther) * 100) / 100;
    return { ops, cpuMs: { bench, api, postgres }, db: countersPerOp(counters, await dbCounters(b.db), ops) };
  };
}

/** 2. Send → creator socket latency with 1,000 creator sockets connected; 6. the same with webhooks. */
export async function socketJobs(b: BenchRun): Promise<void> {
  const { product, results, viewers, creators, runId } = b;
  const spreadRate = results.throughput.spread?.perSecond ?? null;
  const receivers = await connectCreators(product, creators);
  try {
    if (b.want('latency')) {
      const floorReceivers = await connectCreators(b.floors.send, creators);
      try {
        await latencyPhases(b, spreadRate, receivers, floorReceivers);
      } finally {
        await floorReceivers.close();
      }
    }
    // Alone (npm run bench:webhooks): its own rate and a warm-up; after the latency phase: if the budget allows.
    const alone = !b.want('latency');
    if (!b.want('webhooks')) {
      // not asked for
    } else if (alone || b.remaining() > WEBHOOKS_PHASE_BUDGET_MS) {
      if (alone) results.command = 'npm run bench:webhooks';
      else await settleAutovacuum(b, 'the webhooks phase');
      const rate = alone
        ? Number(process.env.BENCH_WEBHOOKS_RATE ?? SETTINGS.latencyRate)
        : SETTINGS.latencyRate;
      results.webhooks = await webhooksPhase(
        product,
        viewers,
        creators,
        receivers,
        runId,
        rate,
        alone,
        b.probeFile,
      );
    } else results.notes.push('webhooks phase not run: time budget (run it alone: npm run bench:webhooks)');
  } finally {
    await receivers.close();
  }
}

/** The longest a phase waits for autovacuum to finish (settleAutovacuum). */
const SETTLE_MAX_MS = 15_000;

/**
 * Waits, at most SETTLE_MAX_MS, until no autovacuum worker runs on the bench's database (twice in a row, 250 ms
 * apart), and notes how long it waited. The send phase leaves dead rows that autovacuum cleans for seconds
 * afterwards; a window that overlapped it measured the vacuum as much as the product (session 5: PostgreSQL's
 * other processes took 0.8–0.9 of a core in the first webhook run, which follows the latency phases). The
 * latency phases start from settleDatabase instead, which vacuums the send path's tables itself.
 */
async function settleAutovacuum(b: BenchRun, before: string): Promise<void> {
  const start = performance.now();
  const running = async () =>
    Number(
      (
        await b.db.raw<{ rows: Array<{ n: string }> }>(
          `select count(*) as n from pg_stat_activity
            where backend_type = 'autovacuum worker' and datname = current_database()`,
        )
      ).rows[0]?.n ?? 0,
    );
  let quiet = 0;
  while (quiet < 2 && performance.now() - start < SETTLE_MAX_MS) {
    quiet = (await running()) === 0 ? quiet + 1 : 0;
    if (quiet < 2) await sleep(250);
  }
  const waited = (performance.now() - start) / 1000;
  const line = `waited ${waited.toFixed(1)} s for autovacuum before ${before}${quiet < 2 ? ' (still running at the cap)' : ''}`;
  if (waited >= 1) {
    log(`  ${line}`);
    b.results.notes.push(line);
  }
}

/** 4. GET /api/tips/recent. */
export async function recentJob(b: BenchRun): Promise<void> {
  log('GET /api/tips/recent requests/s…');
  const hot = b.creators[0]!;
  const tipsOfHot = Number(
    (await b.db('tips').where({ creator_id: hot.id }).count<Array<{ count: string }>>('* as count'))[0]
      ?.count ?? 0,
  );
  await settleAutovacuum(b, 'the read phase');
  const reads = await b.probed('GET /api/tips/recent', () => recentReads(b.product, b.viewers, hot));
  b.results.recent = { ...reads, creatorTips: tipsOfHot };
  log(`  ${fmt(b.results.recent.perSecond)} req/s`);
  b.results.floors.recent = await readFloorReads(b, hot);
  log(`  read floor ${fmt(b.results.floors.recent.perSecond)} req/s (the same body from memory)`);
}

/**
 * The read floor under the same client: bare node:http answering with the body the product just answered for the
 * same request (a viewer's GET /api/tips/recent of the hot creator), from memory.
 */
async function readFloorReads(b: BenchRun, hot: SeededCreator) {
  const res = await fetch(`${b.product.url}/api/tips/recent?creator=${encodeURIComponent(hot.handle)}`, {
    headers: { authorization: `Bearer ${b.viewers[0]!.token}`, accept: 'application/json' },
  });
  const bodyFile = path.join(os.tmpdir(), `bench-read-floor-${b.runId}.json`);
  fs.writeFileSync(bodyFile, Buffer.from(await res.arrayBuffer()));
  const floor = await startFloor('read', { FLOOR_BODY_FILE: bodyFile });
  try {
    return await recentReads(floor, b.viewers, hot);
  } finally {
    await floor.stop();
    fs.rmSync(bodyFile, { force: true });
  }
}

/** 3. Memory with idle sockets (last: the slowest phase, bounded by the time left). */
export async function idleJob(b: BenchRun, limits: ReturnType<typeof ensureFileLimit>): Promise<void> {
  log(
    `memory: opening ${limits.idleSockets} idle websockets (overlay-key hello), ${SETTINGS.idleBatch} in flight…`,
  );
  // Its own probe windows: the hellos alone (diagnostics), memory with the sockets open (after a full GC).
  const memory = await idlePhase(
    b.product,
    b.probeFile,
    b.creators,
    limits.idleSockets,
    () => b.remaining() > SETTINGS.idleReserveMs,
    b.results.diagnostics,
    // Kept at once: if closing the sockets outlasts the watchdog, the report still has the figures.
    (measured) => (b.results.memory = measured),
  );
  if (limits.idleSockets < SETTINGS.idleSockets) b.results.notes.push(limits.note);
  log(
    `  ${memory.open} sockets: RSS ${fmt((memory.rssBefore ?? 0) / MiB)} → ${fmt((memory.rssAfter ?? 0) / MiB)} MiB`,
  );
  log(`socket floor: opening ${memory.open} sockets the same way…`);
  const floor = await socketFloorMemory(b.floors.socket, memory.open, () => b.remaining() > 5_000);
  b.results.floors.memory = floor;
  log(`  ${floor.open} sockets in ${(floor.openMs / 1000).toFixed(1)} s`);
}

/** The tables a wallet tip writes (shabaash_send_wallet_tips and the triggers of its rows). */
const SEND_PATH_TABLES = [
  'wallets',
  'wallet_transactions',
  'sync_spaces',
  'creators',
  'idempotency_keys',
  'tips',
  'earnings',
  'earning_movements',
  'creator_earnings',
];

/**
 * Starts a send measurement from the same database state as the others: WAL checkpointed and the hot tables
 * vacuumed and analysed (those that hold rows: seed.ts#analyzeFilled), so a checkpoint or autovacuum that the
 * measurement before set off does not land in this one, and no plan cached in the phases before is stale.
 */
async function settleDatabase(db: Db): Promise<void> {
  try {
    await db.raw('checkpoint');
    await analyzeFilled(db, SEND_PATH_TABLES);
  } catch (err) {
    log(`could not settle the database before a measurement: ${String(err)}`);
  }
}

/** SETTINGS.socketsPerCreator creator sockets (token hello) per creator, in their own thread. */
async function connectCreators(
  product: Pick<BenchProduct, 'url'>,
  creators: SeededCreator[],
): Promise<CreatorReceivers> {
  log(
    `connecting ${SETTINGS.creators * SETTINGS.socketsPerCreator} creator sockets (token hello, own thread)…`,
  );
  const receivers = await CreatorReceivers.open({
    wsUrl: `${product.url.replace('http', 'ws')}/ws`,
    tokens: creators.map((c) => c.token),
    perCreator: SETTINGS.socketsPerCreator,
  });
  await sleep(500);
  return receivers;
}

/**
 * One send → socket window with the tail breakdown: the API stamps each tip's stages (bench/probes/apiTrace.mjs,
 * on while `<probe file>.trace` exists), the bench watches its own event loop and GC and the machine's scheduler,
 * checkpoints and autovacuum, and tailBreakdown says where the receipts at or above p99 spent their time.
 */
async function tracedLatency(b: BenchRun, name: string, job: () => Promise<LatencyPhase>) {
  const flag = `${b.probeFile}.trace`;
  fs.writeFileSync(flag, '');
  const stopSys = await startSysTrace(b.db, b.product.pid);
  const stopClient = startClientTrace();
  let phase: LatencyPhase;
  let client: ClientWindow | null = null;
  try {
    phase = await b.probed(name, async () => {
      const out = await job();
      client = stopClient(); // before the probe's read (parsing its stamps is the bench's, not the window's)
      fs.rmSync(flag, { force: true });
      return out;
    });
  } finally {
    fs.rmSync(flag, { force: true });
  }
  client ??= stopClient();
  const sys = await stopSys();
  const report = b.results.diagnostics[name];
  const trace = report?.trace;
  if (report) delete report.trace;
  if (trace && phase.samples) phase.tail = tailBreakdown(phase.samples, trace, client, sys);
  return phase;
}

/**
 * Send → creator socket at a steady rate: 20 creators, one hot creator, and half the measured throughput. A warm-up
 * at the same rate runs first and is not counted (a real server is warm: JIT, plan caches, pool connections).
 */
async function latencyPhases(
  b: BenchRun,
  spreadRate: number | null,
  receivers: CreatorReceivers,
  floorReceivers: CreatorReceivers,
): Promise<void> {
  const { product, creators, viewers, runId, results } = b;
  // Tips from the seeded viewers to the creator `pick(i)` chooses, timed from send to every socket's receipt.
  const measure = (label: string, pick: (i: number) => number, rate?: number, durationMs?: number) =>
    latency(product, label, viewers, pick, creators, receivers, runId, rate, durationMs);
  // The same tips through the send floor, to its own 1,000 sockets (bench/floors).
  const onFloor = (label: string, pick: (i: number) => number, durationMs: number) =>
    latency(
      b.floors.send,
      label,
      viewers,
      pick,
      creators,
      floorReceivers,
      runId,
      SETTINGS.latencyRate,
      durationMs,
    );
  const spread = (i: number) => i % creators.length;
  // From the same database state as the send measurements: a checkpoint now (so the next timed one is minutes
  // away) and the hot tables vacuumed (so autovacuum of the send phase's dead rows does not land in the window).
  await settleDatabase(b.db);
  if (SETTINGS.latencyWarmupMs > 0) {
    log(
      `latency: warm-up, ${SETTINGS.latencyRate} tips/s for ${SETTINGS.latencyWarmupMs / 1000} s (not counted)…`,
    );
    await b.probed('latency warm-up (not counted)', () =>
      measure('warm', spread, SETTINGS.latencyRate, SETTINGS.latencyWarmupMs),
    );
  }
  if (SETTINGS.latencyWarmupMs > 0) await onFloor('fwarm', spread, SETTINGS.latencyWarmupMs);
  log(`latency: ${SETTINGS.latencyRate} tips/s over twenty creators…`);
  results.latency.spread = await tracedLatency(b, 'latency, 20 creators', () =>
    measure('spread', spread, SETTINGS.latencyRate, SETTINGS.latencyWindowMs),
  );
  log(`  send → receipt p50/p99/p99.9/max ${tail(results.latency.spread.sendToReceipt)}`);
  results.floors.latency.spread = await onFloor('fspread', spread, SETTINGS.latencyWindowMs);
  log(`  send floor: p50/p99/p99.9/max ${tail(results.floors.latency.spread.sendToReceipt)}`);
  log(`latency: ${SETTINGS.latencyRate} tips/s to one hot creator…`);
  results.latency.hot = await tracedLatency(b, 'latency, hot', () =>
    measure('hot', () => 0, SETTINGS.latencyRate, SETTINGS.latencyWindowMs),
  );
  log(`  send → receipt p50/p99/p99.9/max ${tail(results.latency.hot.sendToReceipt)}`);
  results.floors.latency.hot = await onFloor('fhot', () => 0, SETTINGS.latencyWindowMs);
  log(`  send floor: p50/p99/p99.9/max ${tail(results.floors.latency.hot.sendToReceipt)}`);
  // When this machine cannot sustain the target rate, queueing dominates the figures above; measure the
  // pipeline itself at half the measured 20-creator throughput too.
  const sustainable = spreadRate === null ? 0 : Math.floor((spreadRate * 0.5) / 5) * 5;
  if (sustainable >= 5 && sustainable < SETTINGS.latencyRate) {
    log(`latency: ${sustainable} tips/s (half the measured throughput) over twenty creators…`);
    const slow = await b.probed('latency, half rate', () => measure('slow', spread, sustainable));
    results.latency.sustainable = slow;
    log(`  send → receipt p50/p99/p99.9/max ${tail(slow.sendToReceipt)}`);
  }
}

/** A loop's refused requests, by status, with the first answer: a rate of 0 never passes without its cause. */
function logFailures(result: LoopResult): void {
  if (result.failed === 0) return;
  const byStatus = Object.entries(result.failures).map(([status, n]) => `${n} × ${status}`);
  log(`  ${result.failed} failed (${byStatus.join(', ')}); first: ${result.firstFailure ?? '?'}`);
}
