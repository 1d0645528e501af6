import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb, type Db } from '../../api/src/db/knex.ts';
import { bootstrapRatio, type RatioInterval } from '../reports/bootstrap.ts';
import { cpuPerTipMs, cpuRatio, type CpuRatio, type RunCpu } from '../reports/cpuPerTip.ts';
import { HttpClient, summarize, type Summary } from '../load/load.ts';
import { latency, type LatencyPhase } from './phases.ts';
import { readProbe, type ProbeReport } from '../probes/probe.ts';
import {
  coresUsed,
  functionDelta,
  functionTimes,
  load1,
  sampleWaits,
  trackFunctions,
} from '../probes/procStats.ts';
import {
  costMark,
  deliveryCost,
  endMark,
  runCpu,
  runEndSnapshot,
  type DeliveryCost,
} from '../probes/runCost.ts';
import { REPO_ROOT, type BenchProduct } from '../product.ts';
import type { SeededCreator, SeededUser } from '../load/seed.ts';
import { log, SETTINGS, sleep } from '../settings.ts';
import type { CreatorReceivers } from '../load/receivers.ts';

/** Webhook endpoints each creator registers in the webhooks phase (five). */
export const ENDPOINTS_PER_CREATOR = 5;
/** How long a run with webhooks waits for the outbox to deliver everything after it. */
const DRAIN_LIMIT_MS = 60_000;
/**
 * Runs with webhooks (each between two runs without): BENCH_WEBHOOKS_ROUNDS, default 6 (A B A B … A, 13 runs of
 * ~11.5 s). On a shared 2-core machine one 10 s run's p99 moves by ±30% with nothing changed (session 6 of
 * 2026-11-25: 9.7–25.4 ms over 20 runs without webhooks), so the pooled ratio needs many runs of each.
 */
export const WEBHOOK_ROUNDS = Math.max(1, Number(process.env.BENCH_WEBHOOKS_ROUNDS ?? 6));
/** Time the webhooks phase needs in a full run: its runs, the drains between them, and the endpoint set-up. */
export const WEBHOOKS_PHASE_BUDGET_MS = (2 * WEBHOOK_ROUNDS + 1) * 13_000 + 60_000;
/**
 * The receivers stand in for third-party servers on other machines: they run at the lowest CPU priority, so
 * what they cost this machine goes last (the report says so). Their CPU per delivery is still measured.
 */
export const RECEIVERS_NICE = 19;
/** PostgreSQL publishes other backends' table counters at most once a second: wait that long before reading them. */
const STATS_SETTLE_MS = 1200;

/** One 10 s run at the phase's rate, with or without the endpoints, and where the machine's time went in it. */
export interface WebhooksRun {
  webhooks: boolean;
  /** 1-minute load average when the run started. */
  loadAtStart: number;
  latency: LatencyPhase;
  /** What the API process saw during the run (bench/probes/apiProbe.mjs). */
  api: ProbeReport | null;
  /**
   * CPU cores used during the run: API, PostgreSQL's backends of the API (pgApi) and of the worker (pgWorker) and
   * its other processes (pgOther), the webhook worker process, the receivers, the bench, other.
   */
  cores: Record<string, number>;
  /** CPU ms of the API, the worker, PostgreSQL and the receivers during the run and its drain, and its tips. */
  cpu: RunCpu;
  /** pg_stat_activity samples (every 100 ms) of active backends: outbox or other statement, and its wait. */
  pgWaits: { samples: number; waits: Record<string, number> };
  /** The busiest PL/pgSQL functions in the run: calls and mean self time (the tip function, triggers). */
  functions: Array<{ name: string; calls: number; meanMs: number; totalMs: number }>;
  /** Runs with webhooks: deliveries expected (tip.created × endpoints) and what the receivers got. */
  deliveries?: {
    expected: number;
    /** Distinct (endpoint, event id) received during the 10 s run, per second. */
    perSecondDuringRun: number;
    /** Expected but not received when the run ended. */
    backlogAtRunEnd: number;
    /** From the end of the run until the last expected delivery arrived (null: not all within the limit). */
    drainMs: number | null;
    /** Not received when the drain limit ran out (0 when all arrived). */
    backlogAfterDrain: number;
    /** All expected deliveries over the run plus the drain, per second. */
    perSecondOverall: number;
    /** What each delivery cost over the run and its drain. */
    cost: DeliveryCost;
  };
}

/** What the webhooks phase measured: runs without and with endpoints, alternating (A B A … A). */
export interface WebhooksPhase {
  endpoints: number;
  rate: number;
  runs: WebhooksRun[];
  /** Every send → socket sample of the runs without (A) and with (B) webhooks, pooled. */
  pooled: { without: Summary; with: Summary };
  /** Pooled p99 with over pooled p99 without (≤ 1.10). */
  pooledP99Ratio: number;
  /** The lowest and highest pooled ratio with any one run left out (how much a single run decides it). */
  pooledRange: [number, number];
  /** Median p99 send → socket of the runs with webhooks over the median of the runs without. */
  p99Ratio: number;
  /** Each run with webhooks over the mean p99 of the runs without just before and after it. */
  pairRatios: number[];
  /** (max − min) / median p99 of the runs without: the machine's own noise in this phase. */
  baselineSpread: number;
  /** The pooled p99 ratio's 95% interval, resampling whole runs (bench/reports/bootstrap.ts): what decides the verdict. */
  ratioInterval: RatioInterval;
  /** The target: mean CPU per tip (API, worker, PostgreSQL) of the runs with webhooks ÷ of the runs without. */
  cpuPerTip: CpuRatio;
}

/** The receivers (bench/load/webhookReceivers.ts) in their own process at a low CPU priority. */
async function startReceivers(n: number) {
  const child: ChildProcess = fork(
    path.join(REPO_ROOT, 'bench', 'load', 'webhookReceivers.ts'),
    [String(n)],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const urls = await new Promise<string[]>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`webhook receivers exited (${code})`)));
    child.once('message', (m) => resolve((m as { urls: string[] }).urls));
  });
  try {
    os.setPriority(child.pid!, RECEIVERS_NICE);
  } catch (err) {
    log(`webhooks: could not lower the receivers' priority: ${String(err)}`);
  }
  return {
    pid: child.pid!,
    urls,
    received: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m) => resolve((m as { count: number }).count));
        child.send('count');
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}

type Receivers = Awaited<ReturnType<typeof startReceivers>>;

async function createEndpoints(client: HttpClient, creators: SeededCreator[], urls: string[]) {
  const created: Array<{ creator: SeededCreator; id: string }> = [];
  for (const creator of creators)
    for (const url of urls) {
      const res = await client.request(
        'POST',
        '/api/creator/webhooks',
        { authorization: `Bearer ${creator.token}`, 'content-type': 'application/json' },
        JSON.stringify({
          url: `${url}/${creator.handle}`,
          events: ['tip.created', 'tip.live', 'tip.deleted'],
        }),
      );
      if (res.status !== 200) throw new Error(`webhook endpoint not created: ${res.status} ${res.body}`);
      created.push({ creator, id: (JSON.parse(res.body) as { endpoint: { id: string } }).endpoint.id });
    }
  return created;
}

async function deleteEndpoints(client: HttpClient, created: Array<{ creator: SeededCreator; id: string }>) {
  for (const { creator, id } of created)
    await client.request('DELETE', `/api/creator/webhooks/${id}`, {
      authorization: `Bearer ${creator.token}`,
    });
}

/**
 * Turns the endpoints on or off between runs (deleting them would delete each run's deliveries by cascade, and
 * autovacuum would clean that up during the next runs: the bench's own work, not the product's). Turning them on
 * waits first for the worker to have skipped the cursors past the last run's tips (WEBHOOK_POLL_MS, 500 ms).
 */
async function setEndpoints(
  client: HttpClient,
  created: Array<{ creator: SeededCreator; id: string }>,
  enabled: boolean,
) {
  if (enabled) await sleep(1000);
  for (const { creator, id } of created) {
    const res = await client.request(
      'PATCH',
      `/api/creator/webhooks/${id}`,
      { authorization: `Bearer ${creator.token}`, 'content-type': 'application/json' },
      JSON.stringify({ enabled }),
    );
    if (res.status !== 200) throw new Error(`webhook endpoint not switched: ${res.status} ${res.body}`);
  }
}

/** Waits until the receivers have `expected` deliveries (or the limit): the time it took, and what is missing. */
async function drain(receivers: Receivers, expected: number) {
  const ended = performance.now();
  for (;;) {
    const got = await receivers.received();
    const waited = performance.now() - ended;
    if (got >= expected) return { drainMs: waited, backlogAfterDrain: 0 };
    if (waited > DRAIN_LIMIT_MS) return { drainMs: null, backlogAfterDrain: expected - got };
    await sleep(100);
  }
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * Send → creator socket at `rate` tips/s over twenty creators, alternating runs without webhook endpoints and
 * with five per creator on loopback receivers (tip.created, tip.live, tip.deleted), starting and ending without,
 * so the noise of this machine shows. After each run with webhooks the outbox must deliver every tip.created
 * before the next run starts (or the report says how many were left); each run's CPU per tip (the target,
 * reports/cpuPerTip.ts) and each delivery's cost are read over the run and that drain. The send → socket samples
 * of each kind are pooled for the p99 comparison (information).
 */
export async function webhooksPhase(
  product: BenchProduct,
  viewers: SeededUser[],
  creators: SeededCreator[],
  creatorSockets: CreatorReceivers,
  run: string,
  rate: number,
  warmUp: boolean,
  probeFile: string,
): Promise<WebhooksPhase> {
  const spread = (i: number) => i % creators.length;
  // Its own application_name: the bench's queries are charged to neither the API's nor the worker's backends.
  const db: Db = createDb(product.databaseUrl, 2, { applicationName: 'bench' });
  const receivers = await startReceivers(ENDPOINTS_PER_CREATOR);
  const client = new HttpClient(product.url, 8);
  const runs: WebhooksRun[] = [];
  /** Each run's send → socket samples, in run order. */
  const samples: number[][] = [];
  let endpoints = 0;
  /** The endpoints, made once and turned on for each run with webhooks (setEndpoints). */
  let created: Array<{ creator: SeededCreator; id: string }> = [];
  try {
    await trackFunctions(db);
    if (warmUp) {
      // Run alone, the API is cold (JIT, PostgreSQL caches): a first run would be slower whatever it measured.
      log(`webhooks: warming up at ${rate} tips/s (not counted)…`);
      await latency(product, 'whwarm', viewers, spread, creators, creatorSockets, run, rate);
      // The delivery path too (the worker's JIT, its connections and statements), or the first run with
      // webhooks pays for a cold worker that a running product has warmed long ago.
      log(`webhooks: warming up with ${ENDPOINTS_PER_CREATOR} endpoints per creator (not counted)…`);
      created = await createEndpoints(client, creators, receivers.urls);
      const before = await receivers.received();
      const warm = await latency(product, 'whwarmb', viewers, spread, creators, creatorSockets, run, rate);
      await drain(receivers, before + warm.ok * ENDPOINTS_PER_CREATOR);
      await setEndpoints(client, created, false);
    }
    for (let i = 0; i <= 2 * WEBHOOK_ROUNDS; i++) {
      const webhooks = i % 2 === 1;
      if (webhooks && created.length === 0) created = await createEndpoints(client, creators, receivers.urls);
      else if (webhooks) await setEndpoints(client, created, true);
      endpoints = Math.max(endpoints, webhooks ? created.length : 0);
      const receivedBefore = await receivers.received();
      const loadAtStart = load1();
      log(
        `webhooks: run ${i + 1}/${2 * WEBHOOK_ROUNDS + 1}, ${rate} tips/s, ${webhooks ? `${created.length} endpoints` : 'no endpoints enabled'} (load ${loadAtStart})…`,
      );
      await readProbe(product, probeFile);
      const stopWaits = sampleWaits(db);
      const functionsBefore = await functionTimes(db);
      const mark = await costMark(db, product.pid, receivers.pid, probeFile);
      const t0 = performance.now();
      const sink: number[] = [];
      samples.push(sink);
      const result = await latency(
        product,
        `wh${i}`,
        viewers,
        spread,
        creators,
        creatorSockets,
        run,
        rate,
        SETTINGS.latencyMs,
        sink,
      );
      const runEnded = performance.now();
      const seconds = (runEnded - t0) / 1000;
      const runEnd = await runEndSnapshot(db, mark, product.pid, receivers.pid);
      const cores = coresUsed(mark.cpu, runEnd, seconds);
      const api = await readProbe(product, probeFile);
      const functions = functionDelta(functionsBefore, await functionTimes(db));
      const pgWaits = await stopWaits();
      const expected = result.ok * ENDPOINTS_PER_CREATOR;
      const duringRun = (await receivers.received()) - receivedBefore;
      // A run with webhooks is charged for all its deliveries: the CPU after it counts until the last one arrived.
      const drained = webhooks ? await drain(receivers, receivedBefore + expected) : null;
      // Both kinds of run then wait as long for PostgreSQL's counters (and its deferred work) to settle.
      await sleep(STATS_SETTLE_MS);
      const end = await endMark(db, mark, product.pid, receivers.pid, probeFile);
      const cpu = runCpu(result.ok, seconds, (performance.now() - runEnded) / 1000, mark, runEnd, end);
      const entry: WebhooksRun = {
        webhooks,
        loadAtStart,
        latency: result,
        api,
        cores,
        cpu,
        pgWaits,
        functions,
      };
      if (drained) {
        const drainSeconds = (drained.drainMs ?? DRAIN_LIMIT_MS) / 1000;
        const received = (await receivers.received()) - receivedBefore;
        entry.deliveries = {
          expected,
          perSecondDuringRun: Math.round(duringRun / seconds),
          backlogAtRunEnd: Math.max(0, expected - duringRun),
          ...drained,
          perSecondOverall: Math.round((expected - drained.backlogAfterDrain) / (seconds + drainSeconds)),
          cost: deliveryCost(mark, end, received),
        };
        log(
          `  ${duringRun}/${expected} delivered during the run (${entry.deliveries.perSecondDuringRun}/s), ${drained.drainMs === null ? `${drained.backlogAfterDrain} still missing after ${DRAIN_LIMIT_MS / 1000} s` : `the last ${(drained.drainMs / 1000).toFixed(1)} s after`}; per delivery ${JSON.stringify(entry.deliveries.cost)}`,
        );
        await setEndpoints(client, created, false);
      }
      log(
        `  p99 send → socket ${result.sendToReceipt.p99.toFixed(1)} ms; CPU per tip ${cpuPerTipMs(cpu).toFixed(3)} ms (${JSON.stringify(cpu)}); cores ${JSON.stringify(cores)}`,
      );
      runs.push(entry);
    }
  } finally {
    await deleteEndpoints(client, created).catch(() => undefined);
    client.close();
    await receivers.close();
    await db.destroy();
  }
  return { endpoints, rate, runs, ...p99Figures(runs, samples), cpuPerTip: cpuRatio(runs) };
}

/** The p99 comparison (information since the CPU per tip is the target): pooled, per run, and its interval. */
function p99Figures(
  runs: WebhooksRun[],
  samples: number[][],
): Omit<WebhooksPhase, 'endpoints' | 'rate' | 'runs' | 'cpuPerTip'> {
  const p99 = (r: WebhooksRun) => r.latency.sendToReceipt.p99;
  const without = runs.filter((r) => !r.webhooks).map(p99);
  const withHooks = runs.filter((r) => r.webhooks).map(p99);
  const baseline = median(without);
  const pool = (keep: (i: number) => boolean) => samples.flatMap((run, i) => (keep(i) ? run : []));
  const pooledRatio = (skip: number) =>
    summarize(pool((i) => i % 2 === 1 && i !== skip)).p99 /
    summarize(pool((i) => i % 2 === 0 && i !== skip)).p99;
  const pooled = { without: summarize(pool((i) => i % 2 === 0)), with: summarize(pool((i) => i % 2 === 1)) };
  // How much one run moves the verdict: the pooled ratio with each run left out in turn.
  const leaveOneOut = runs.length > 3 ? runs.map((_, skip) => pooledRatio(skip)) : [];
  return {
    pooled,
    pooledP99Ratio: pooled.with.p99 / pooled.without.p99,
    pooledRange: leaveOneOut.length
      ? [Math.min(...leaveOneOut), Math.max(...leaveOneOut)]
      : [pooled.with.p99 / pooled.without.p99, pooled.with.p99 / pooled.without.p99],
    p99Ratio: median(withHooks) / baseline,
    pairRatios: runs.flatMap((r, i) =>
      r.webhooks ? [p99(r) / ((p99(runs[i - 1]!) + p99(runs[i + 1]!)) / 2)] : [],
    ),
    baselineSpread: (Math.max(...without) - Math.min(...without)) / baseline,
    ratioInterval: bootstrapRatio(
      samples.filter((_, i) => i % 2 === 0),
      samples.filter((_, i) => i % 2 === 1),
    ),
  };
}
