/**
 * `npm run bench`: boots the API as `npm start` runs it (own process, embedded PostgreSQL in a temp dir), seeds
 * creators and funded viewers straight into its database, and measures on loopback:
 *   1. wallet tips/s through POST /api/tips/send (one hot creator; twenty creators) next to pgbench TPS of a
 *      comparable transaction on the same database, and the ratio;
 *   2. send → creator-socket receipt latency at a steady 200 tips/s with 1,000 creator sockets connected;
 *   3. RSS of the API process holding 10,000 idle websockets;
 *   4. GET /api/tips/recent requests/s;
 *   5. time to audio ready (text-to-speech) of a 200-character message pushed live (bench/phases/speech.ts);
 *   6. send → socket p99 at 200 tips/s alternately without and with five webhook endpoints per creator (receivers
 *      in a low-priority child process; bench/phases/webhooks.ts), after phase 2 on its sockets when the time budget allows.
 * Phases 1, 2, 3 and 4 also measure their floor right after the product, under the same client (bench/floors/README.md),
 * and the report prints product, floor and ratio.
 * `npm run bench -- --speech-only` runs phase 5 alone (about 20 s); `npm run bench:webhooks` phase 6 alone
 * (`BENCH_WEBHOOKS_RATE` overrides its 200 tips/s, `BENCH_WEBHOOKS_ROUNDS` its 6 runs with; ~3.5 minutes); `node --import tsx bench/run.ts --only=send,latency,
 * recent,idle,speech,webhooks` runs the named phases alone (pgbench runs with `send`; `npm run bench -- --flag`
 * would hand the flag to bench/payouts.ts too, which npm runs last). Inside the API process, bench/probes/apiProbe.mjs keeps the
 * event-loop delay, GC pauses, pool waits and socket backpressure of each phase (bench/probes/probe.ts); the report
 * prints them per phase.
 * Prints one table, writes JSON to bench/results/<timestamp>.json, stops the API and removes its temp dir.
 * Bounded: every phase is capped in time and count, and a watchdog ends the run at 540 s.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../api/src/config.ts';
import { createDb, type Db } from '../api/src/db/knex.ts';
import { startBenchProduct, type BenchProduct } from './product.ts';
import { seed } from './load/seed.ts';
import { ensureFileLimit, machine } from './probes/machine.ts';
import { printAndSave, type Results } from './reports/report.ts';
import { probeSetup, readProbe } from './probes/probe.ts';
import {
  idleJob,
  PHASES,
  recentJob,
  sendJob,
  socketJobs,
  speechJob,
  type BenchRun,
  type Phase,
} from './phases/runners.ts';
import { log, SETTINGS, T0 } from './settings.ts';
import { lighthouseBench } from './lighthouseBusy.ts';
import { dropSendFloor, prepareSendFloor, startFloor, type Floor } from './floors/floors.ts';

// ---------- main ----------

/** The phases this run measures: every one, `--speech-only`, or `--only=a,b`. */
function chosenPhases(argv: string[]): Set<Phase> {
  if (argv.includes('--speech-only')) return new Set(['speech']);
  if (argv.includes('--webhooks-only')) return new Set(['webhooks']);
  const only = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  if (!only) return new Set(PHASES);
  const names = only.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !(PHASES as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new Error(`unknown phase ${unknown.join(', ')}; phases: ${PHASES.join(', ')}`);
  return new Set(names as Phase[]);
}

/** An empty result set for this machine and these settings. */
function emptyResults(info: ReturnType<typeof machine>, openFiles: string): Results {
  return {
    takenAt: new Date().toISOString(),
    command: 'npm run bench',
    machine: { ...info, openFiles },
    settings: SETTINGS,
    complete: false,
    notes: [],
    throughput: {},
    pgbench: {},
    ratio: {},
    cost: {},
    latency: {},
    diagnostics: {},
    floors: { throughput: {}, latency: {} },
  };
}

async function main(): Promise<void> {
  const phases = chosenPhases(process.argv.slice(2));
  const want = (phase: Phase) => phases.has(phase);
  const limits = want('idle') ? ensureFileLimit() : { idleSockets: 0, note: 'idle phase not run' };
  const info = machine();
  const runId = randomBytes(4).toString('hex');
  const jwtSecret = randomBytes(32).toString('hex');
  const results = emptyResults(info, limits.note);
  if (phases.size < PHASES.length) results.notes.push(`phases run: ${[...phases].join(', ')}`);
  log(
    `machine: ${info.nproc} CPUs (${info.cpuModel}), ${info.memoryGiB} GiB; load ${info.loadAverage}; one syscall ${info.syscallUs} µs CPU, JS loop ${info.jsLoopMs} ms; ${limits.note}`,
  );
  /** Milliseconds left before the watchdog, minus a reserve for printing and cleanup. */
  const remaining = () => SETTINGS.hardLimitMs - 25_000 - (performance.now() - T0);

  let product: BenchProduct | null = null;
  let db: Db | null = null;
  const floors: Floor[] = [];
  let cleaning: Promise<void> | null = null;
  let reported = false;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await Promise.all(floors.map((f) => f.stop().catch(() => undefined)));
      if (db) await dropSendFloor(db).catch(() => undefined);
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

  try {
    log('starting the API (node --import tsx api/src/main.ts) with embedded PostgreSQL…');
    const probe = probeSetup();
    product = await startBenchProduct(
      { JWT_SECRET: jwtSecret, DATABASE_POOL_MAX: String(SETTINGS.apiPoolMax), ...probe.env },
      probe.nodeArgs,
    );
    const running = product;
    const probed = async <T>(name: string, job: () => Promise<T>): Promise<T> => {
      await readProbe(running, probe.file);
      const out = await job();
      results.diagnostics[name] = await readProbe(running, probe.file);
      return out;
    };
    log(`API pid ${product.pid} at ${product.url}; PostgreSQL on 127.0.0.1:${product.pgPort}`);
    const config = loadConfig({ JWT_SECRET: jwtSecret, NODE_ENV: 'development', LOG_LEVEL: 'warn' });
    db = createDb(product.databaseUrl, 8);
    results.machine.postgres = (
      (await db.raw<{ rows: Array<{ v: string }> }>('select version() as v')).rows[0]?.v ?? ''
    ).split(' on ')[0];

    log(`seeding ${SETTINGS.creators} creators and ${SETTINGS.viewers} funded viewers…`);
    const { run: seedRun, ...seeded } = await seed(db, config, {
      creators: SETTINGS.creators,
      viewers: SETTINGS.viewers,
      balancePaise: SETTINGS.viewerBalancePaise,
    });
    log('starting the send and socket floors (bench/floors)…');
    await prepareSendFloor(db, seeded.viewers, seeded.creators, SETTINGS.viewerBalancePaise);
    const send = await startFloor('send', { FLOOR_DATABASE_URL: product.databaseUrl });
    floors.push(send);
    const socket = await startFloor('socket');
    floors.push(socket);
    const b: BenchRun = {
      floors: { send, socket },
      product,
      db,
      results,
      seedRun,
      runId,
      ...seeded,
      want,
      remaining,
      probed,
      probeFile: probe.file,
    };

    if (want('speech')) await speechJob(b);
    if (want('send')) await sendJob(b);
    if (want('latency') || want('webhooks')) await socketJobs(b);
    if (want('recent')) await recentJob(b);
    if (want('idle')) await idleJob(b, limits);

    results.complete =
      (phases.size === PHASES.length && results.memory?.open === SETTINGS.idleSockets) ||
      (phases.size === 1 && want('webhooks')) ||
      (phases.size === 1 && want('idle') && results.memory?.open === SETTINGS.idleSockets);
    if (!reported) {
      reported = true;
      printAndSave(results);
    }
  } finally {
    clearTimeout(watchdog);
    log('stopping the API and removing its temp dir…');
    await cleanup();
    log(`done in ${Math.round((performance.now() - T0) / 1000)} s`);
  }
}

main()
  .then(() => lighthouseBench(process.argv.slice(2)))
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
