/**
 * `npm run bench`: boots the API as `npm start` runs it (own process, embedded PostgreSQL in a temp dir), seeds
 * creators and funded viewers straight into its database, and measures on loopback:
 *   1. wallet tips/s through POST /api/tips/send (one hot creator; twenty creators) next to pgbench TPS of a
 *      comparable transaction on the same database, and the ratio;
 *   2. send → creator-socket receipt latency at a steady 200 tips/s with 1,000 creator sockets connected;
 *   3. RSS of the API process holding 10,000 idle websockets;
 *   4. GET /api/tips/recent requests/s;
 *   5. time to audio ready (text-to-speech) of a 200-character message pushed live (bench/speech.ts);
 *   6. send → socket p99 at 200 tips/s without, with five webhook endpoints per creator (loopback receivers), and
 *      without again (bench/webhooks.ts).
 * `npm run bench -- --speech-only` runs phase 5 alone (about 20 s); `npm run bench:webhooks` phase 6 alone
 * (`BENCH_WEBHOOKS_RATE` overrides its 200 tips/s)
 * (~2 minutes; `npm run bench -- --flag` would hand the flag to bench/payouts.ts, which npm runs last).
 * Prints one table, writes JSON to bench/results/<timestamp>.json, stops the API and removes its temp dir.
 * Bounded: every phase is capped in time and count, and a watchdog ends the run at 420 s.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../api/src/config.ts';
import { createDb, type Db } from '../api/src/db/knex.ts';
import { minimalTipScript, pgbenchAvailable, runPgbench, tipScript } from './pgbench.ts';
import { startBenchProduct, type BenchProduct } from './product.ts';
import { closeAll, openSocket, type OpenSocket } from './sockets.ts';
import { pool, seed } from './seed.ts';
import { ensureFileLimit, machine } from './machine.ts';
import { pct, printAndSave, type Results } from './report.ts';
import { idleMemory, latency, recentReads, throughput } from './phases.ts';
import { fmt, log, MiB, ms, SETTINGS, sleep, T0 } from './settings.ts';
import { SPEECH_MESSAGE_CHARS, speechReadiness } from './speech.ts';
import { webhooksPhase } from './webhooks.ts';

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
    const wsUrl = `${product.url.replace('http', 'ws')}/ws`;
    /** Opens SETTINGS.socketsPerCreator creator sockets (token hello) per creator. */
    const connectCreators = async () => {
      log(`connecting ${SETTINGS.creators * SETTINGS.socketsPerCreator} creator sockets (token hello)…`);
      const socketsByCreator: OpenSocket[][] = [];
      for (const creator of creators) {
        const sockets = await pool(SETTINGS.socketsPerCreator, 25, () =>
          openSocket(wsUrl, { token: creator.token }),
        );
        socketsByCreator.push(sockets);
        creatorSockets.push(...sockets);
      }
      await sleep(500);
      return socketsByCreator;
    };

    if (process.argv.includes('--webhooks-only')) {
      results.command = 'npm run bench:webhooks';
      results.webhooks = await webhooksPhase(
        product,
        viewers,
        creators,
        await connectCreators(),
        runId,
        Number(process.env.BENCH_WEBHOOKS_RATE ?? SETTINGS.latencyRate),
        true,
      );
      results.notes.push('--webhooks-only: phases 1 to 5 not run');
      results.complete = true;
      reported = true;
      printAndSave(results);
      return;
    }

    // 5. Time to audio ready first: it is short, and `--speech-only` stops after it.
    log(`time to audio ready: ${SETTINGS.speechSamples} tips of ${SPEECH_MESSAGE_CHARS} characters…`);
    results.speech = await speechReadiness(
      product,
      db,
      creators[1]!,
      SETTINGS.speechSamples,
      () => remaining() > 60_000,
    );
    log(`  p50/p95 ${ms(results.speech.ready.p50)} / ${ms(results.speech.ready.p95)}`);
    if (process.argv.includes('--speech-only')) {
      results.notes.push('--speech-only: phases 1 to 4 not run');
      reported = true;
      printAndSave(results);
      return;
    }

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
    const socketsByCreator = await connectCreators();
    // Tips from the seeded viewers to the creator `pick(i)` chooses, timed from send to every socket's receipt.
    const running = product;
    const measure = (label: string, pick: (i: number) => number, rate?: number) =>
      latency(running, label, viewers, pick, creators, socketsByCreator, runId, rate);
    const spread = (i: number) => i % creators.length;
    log(`latency: ${SETTINGS.latencyRate} tips/s over twenty creators…`);
    const latSpread = await measure('spread', spread);
    results.latency.spread = latSpread;
    log(`  send → receipt p50/p99/max ${pct(latSpread.sendToReceipt)}`);
    log(`latency: ${SETTINGS.latencyRate} tips/s to one hot creator…`);
    const latHot = await measure('hot', () => 0);
    results.latency.hot = latHot;
    log(`  send → receipt p50/p99/max ${pct(latHot.sendToReceipt)}`);
    // When this machine cannot sustain the target rate, queueing dominates the figures above; measure the
    // pipeline itself at half the measured 20-creator throughput too.
    const sustainable = Math.floor((results.throughput.spread.perSecond * 0.5) / 5) * 5;
    if (sustainable >= 5 && sustainable < SETTINGS.latencyRate) {
      log(`latency: ${sustainable} tips/s (half the measured throughput) over twenty creators…`);
      const latSlow = await measure('slow', spread, sustainable);
      results.latency.sustainable = latSlow;
      log(`  send → receipt p50/p99/max ${pct(latSlow.sendToReceipt)}`);
    }
    // 6. The same send → socket p99 with five webhook endpoints per creator, when the time budget allows.
    if (remaining() > 110_000) {
      results.webhooks = await webhooksPhase(
        product,
        viewers,
        creators,
        socketsByCreator,
        runId,
        SETTINGS.latencyRate,
        false,
      );
    } else results.notes.push('webhooks phase not run: time budget (run it alone: npm run bench:webhooks)');
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
