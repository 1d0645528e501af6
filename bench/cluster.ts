/**
 * `npm run bench:cluster`: three API instances (`npm start` processes) on one PostgreSQL behind HAProxy
 * configured by deploy/haproxy.cfg (the reference deployment; installed with apt-get when missing).
 *   1. Wallet tips/s through HAProxy with one instance behind it, then with three.
 *   2. 1,000 creator sockets through HAProxy (50 per creator, spread by HAProxy), tips through HAProxy at a steady
 *      rate: send → socket p50/p99 across instances, and what each instance spent (CPU, pool, socket writes:
 *      the cost of the NOTIFY fan-out, since each instance re-reads the changes it is told about).
 *   3. Mid-run, `kill -9` of one instance (not the one holding the embedded PostgreSQL): its sockets reconnect
 *      through HAProxy with their versions; prints reconnect p50/p99 and checks that every acknowledged tip
 *      reached every socket of its creator exactly once (lost and duplicated counted).
 * Senders retry a failed send with the same Idempotency-Key, as the PWA does. Bounded: a watchdog at 420 s.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../api/src/ports.ts';
import { loadConfig } from '../api/src/config.ts';
import { createDb, type Db } from '../api/src/db/knex.ts';
import { ReconnectingClient } from './load/clusterClients.ts';
import { openFileLimits } from './probes/machine.ts';
import { closedLoop, HttpClient, openLoop, summarize } from './load/load.ts';
import { sendTipRequest } from './phases/phases.ts';
import { probeSetup, readProbe, type ProbeReport } from './probes/probe.ts';
import { childrenOf } from './probes/procStats.ts';
import { REPO_ROOT, startBenchProduct, type BenchProduct } from './product.ts';
import { pct, table, type Row } from './reports/table.ts';
import { seed, type SeededCreator, type SeededUser } from './load/seed.ts';
import { fmt, log, ms, SETTINGS, sleep, T0 } from './settings.ts';

const HAPROXY = '/usr/sbin/haproxy';
const RATE = 100; // tips/s in the steady phase
const STEADY_MS = 16_000;
const KILL_AT_MS = 6_000;

interface Instance {
  product: BenchProduct;
  probeFile: string;
}

function ensureHaproxy(): string {
  if (fs.existsSync(HAPROXY)) return HAPROXY;
  log('haproxy missing: apt-get install -y haproxy…');
  spawnSync('apt-get', ['update'], { stdio: 'inherit' });
  const r = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], {
    stdio: 'inherit',
  });
  if (r.status !== 0 || !fs.existsSync(HAPROXY)) throw new Error('could not install haproxy');
  return HAPROXY;
}

/** deploy/haproxy.cfg with its bind port and server lines set to this run's instances. */
function haproxyConfig(port: number, instances: Instance[]): string {
  const reference = fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'haproxy.cfg'), 'utf8');
  const servers = instances
    .map((inst, i) => `    server api${i + 1} 127.0.0.1:${new URL(inst.product.url).port} check`)
    .join('\n');
  // HAProxy needs two descriptors per connection: fit maxconn under this machine's open-file limit.
  const fds = openFileLimits()?.soft ?? 20_000;
  return `${reference
    .replace(/maxconn (\d+)/, (_, n: string) => `maxconn ${Math.min(Number(n), Math.floor((fds - 100) / 2))}`)
    .replace(/bind 127\.0\.0\.1:\d+/, `bind 127.0.0.1:${port}`)
    .replace(/^\s*server api\d.*\n?/gm, '')
    .trimEnd()}\n${servers}\n`;
}

async function startHaproxy(
  binary: string,
  instances: Instance[],
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-haproxy-')), 'haproxy.cfg');
  fs.writeFileSync(file, haproxyConfig(port, instances));
  const child: ChildProcess = spawn(binary, ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${stderr}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (i > 100) throw new Error(`haproxy not answering: ${stderr}`);
    await sleep(100);
  }
  await sleep(1500); // let the health checks mark every server up
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Starts the three API instances (the first with the embedded PostgreSQL, which runs the migrations). */
async function startInstances(jwtSecret: string, stops: Array<() => Promise<void>>): Promise<Instance[]> {
  const instances: Instance[] = [];
  const start = async (i: number) => {
    const probe = probeSetup();
    const env: Record<string, string> = {
      JWT_SECRET: jwtSecret,
      TRUST_PROXY: 'true',
      DATABASE_POOL_MAX: String(SETTINGS.apiPoolMax),
      ...probe.env,
    };
    if (instances[0]) env.DATABASE_URL = instances[0].product.databaseUrl;
    log(`starting API instance ${i + 1}${i === 0 ? ' (with the embedded PostgreSQL)' : ''}…`);
    const product = await startBenchProduct(env, probe.nodeArgs);
    stops.unshift(() => product.stop());
    return { product, probeFile: probe.file };
  };
  instances.push(await start(0));
  instances.push(...(await Promise.all([start(1), start(2)]))); // the first ran the migrations
  return instances;
}

/** 1. Throughput through HAProxy, one instance then three. */
async function throughputRows(
  binary: string,
  instances: Instance[],
  creators: SeededCreator[],
  viewers: SeededUser[],
  run: string,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const n of [1, 3]) {
    const lb = await startHaproxy(binary, instances.slice(0, n));
    const client = new HttpClient(lb.url, SETTINGS.httpConcurrency);
    log(`tips/s through HAProxy, ${n} instance(s) behind it…`);
    const result = await closedLoop(
      { concurrency: SETTINGS.httpConcurrency, durationMs: 8_000, maxRequests: 100_000 },
      (i) =>
        sendTipRequest(
          client,
          viewers[i % viewers.length]!,
          creators[i % creators.length]!,
          `cl-${run}-${n}-${i}`,
          `clt${n}q${i}`,
        ),
    );
    client.close();
    await lb.stop();
    log(`  ${fmt(result.perSecond)} tips/s`);
    rows.push([
      `Wallet tips/s through HAProxy, ${n} instance${n > 1 ? 's' : ''}`,
      fmt(result.perSecond),
      `${SETTINGS.httpConcurrency} in flight, 8 s, 20 creators; p50/p99 ${ms(result.latency.p50)} / ${ms(result.latency.p99)}; ${result.failed} failed`,
    ]);
  }
  return rows;
}

/** 2 and 3. Sockets through HAProxy, tips at a steady rate, kill -9 of one instance mid-run. */
async function steadyWithKillRows(
  binary: string,
  instances: Instance[],
  creators: SeededCreator[],
  viewers: SeededUser[],
  run: string,
  stops: Array<() => Promise<void>>,
): Promise<Row[]> {
  const lb = await startHaproxy(binary, instances);
  stops.unshift(() => lb.stop());
  const wsUrl = `${lb.url.replace('http', 'ws')}/ws`;
  const clients: ReconnectingClient[][] = creators.map((c) =>
    Array.from(
      { length: SETTINGS.socketsPerCreator },
      () => new ReconnectingClient(wsUrl, c.token, `creator:${c.id}`),
    ),
  );
  log(`opening ${SETTINGS.creators * SETTINGS.socketsPerCreator} creator sockets through HAProxy…`);
  for (const group of clients) await Promise.all(group.map((c) => c.start()));
  const sentAt = new Float64Array(Math.floor((STEADY_MS / 1000) * RATE)).fill(NaN);
  const receiptsMs: number[] = [];
  const pattern = /^clsq(\d+)$/;
  for (const group of clients)
    for (const c of group)
      c.onTip = (_id, message, at) => {
        const m = pattern.exec(message);
        if (m?.[1]) receiptsMs.push(at - sentAt[Number(m[1])]!);
      };
  const { acked, retried, unacked, steady } = await sendThroughKill(
    lb.url,
    instances,
    creators,
    viewers,
    run,
    sentAt,
    stops,
  );
  // Let the last pushes and catch-ups land (bounded).
  const expected = () => {
    let missing = 0;
    for (const [tipId, ci] of acked) for (const c of clients[ci]!) if (!c.receipts.has(tipId)) missing++;
    return missing;
  };
  for (let t = 0; t < 100 && expected() > 0; t++) await sleep(100);
  let lost = 0;
  let duplicated = 0;
  for (const [tipId, ci] of acked)
    for (const c of clients[ci]!) {
      const n = c.receipts.get(tipId)?.length ?? 0;
      if (n === 0) lost++;
      if (n > 1) duplicated += n - 1;
    }
  const reconnects = clients.flat().flatMap((c) => c.reconnectMs);
  await Promise.all(clients.flat().map((c) => c.stop()));

  const sockets = SETTINGS.creators * SETTINGS.socketsPerCreator;
  const rows: Row[] = [
    [
      'Send → creator socket across instances, p50/p99/max',
      pct(summarize(receiptsMs)),
      `${RATE} tips/s through HAProxy for ${STEADY_MS / 1000} s, ${sockets} sockets through HAProxy; includes the kill -9 and the retries after it`,
    ],
    [
      'Acknowledged tips; sends that needed a retry; never acknowledged',
      `${fmt(acked.size)}; ${fmt(retried)}; ${fmt(unacked)}`,
      `retries reuse the Idempotency-Key (a send cut by the kill is answered by another instance)`,
    ],
    [
      'Reconnects after kill -9, p50/p99/max',
      reconnects.length ? pct(summarize(reconnects)) : 'none',
      `${fmt(reconnects.length)} sockets dropped and came back through HAProxy (socket close → welcome)`,
    ],
    [
      'Lost / duplicated acknowledged tips on creator sockets',
      `${fmt(lost)} / ${fmt(duplicated)}`,
      `${fmt(acked.size)} acknowledged tips × ${SETTINGS.socketsPerCreator} sockets of their creator = ${fmt(acked.size * SETTINGS.socketsPerCreator)} expected receipts; target 0 / 0`,
    ],
  ];
  steady.forEach((d: ProbeReport | null, i) =>
    rows.push([
      `Instance ${i + 1} during the steady phase`,
      d ? `${fmt(d.cpuMs / (d.windowMs / 1000), 0)} ms CPU/s` : 'no probe answer',
      d
        ? `${fmt(d.socketWrites.sends)} socket writes; ${fmt(d.poolWaitMs.count)} pool acquires (its sends and the re-reads NOTIFY asks of it); event-loop delay p99 ${ms(d.eventLoopDelayMs.p99)}; GC ${ms(d.gcMs.total)}`
        : '',
    ]),
  );
  return rows;
}

/**
 * Tips through HAProxy at RATE for STEADY_MS, `kill -9` of instance 3 at KILL_AT_MS; a failed send is retried
 * with the same Idempotency-Key. Returns the acknowledged tips (tip id → creator index) and what the two
 * surviving instances spent meanwhile.
 */
async function sendThroughKill(
  url: string,
  instances: Instance[],
  creators: SeededCreator[],
  viewers: SeededUser[],
  run: string,
  sentAt: Float64Array,
  stops: Array<() => Promise<void>>,
) {
  const total = sentAt.length;
  const acked = new Map<string, number>(); // tip id → creator index
  let retried = 0;
  let unacked = 0;
  const victim = instances[2]!;
  for (const inst of instances) await readProbe(inst.product, inst.probeFile);
  const client = new HttpClient(url, 64);
  const killTimer = setTimeout(() => {
    log(`kill -9 of API instance 3 (pid ${victim.product.pid})`);
    // Its children (the Auth emulator it started) outlive it: stop them when the run ends.
    const orphans = childrenOf(victim.product.pid);
    process.kill(victim.product.pid, 'SIGKILL');
    stops.push(async () => {
      for (const pid of orphans) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    });
  }, KILL_AT_MS);
  log(
    `${RATE} tips/s through HAProxy for ${STEADY_MS / 1000} s; kill -9 of one instance at ${KILL_AT_MS / 1000} s…`,
  );
  await openLoop(
    { ratePerSecond: RATE, durationMs: STEADY_MS, maxRequests: total, settleMs: 30_000 },
    async (i) => {
      const ci = i % creators.length;
      sentAt[i] = performance.now();
      for (let attempt = 0; attempt < 6; attempt++) {
        if (attempt > 0) {
          retried++;
          await sleep(200 * attempt);
        }
        try {
          const res = await sendTipRequest(
            client,
            viewers[i % viewers.length]!,
            creators[ci]!,
            `cls-${run}-${i}`,
            `clsq${i}`,
          );
          if (res.status === 200) {
            acked.set((JSON.parse(res.body) as { tip: { id: string } }).tip.id, ci);
            return;
          }
        } catch {
          // connection reset by the killed instance: retry with the same key
        }
      }
      unacked++;
    },
  );
  clearTimeout(killTimer);
  const steady = await Promise.all(
    instances.slice(0, 2).map((inst) => readProbe(inst.product, inst.probeFile)),
  );
  client.close();
  return { acked, retried, unacked, steady };
}

async function main(): Promise<void> {
  const binary = ensureHaproxy();
  const jwtSecret = randomBytes(32).toString('hex');
  const stops: Array<() => Promise<void>> = [];
  let db: Db | null = null;
  const watchdog = setTimeout(() => {
    log('watchdog: over 420 s');
    void Promise.all(stops.map((s) => s().catch(() => undefined))).finally(() => process.exit(1));
  }, 420_000);
  watchdog.unref();
  const loadStart = os.loadavg()[0] ?? 0;
  const rows: Row[] = [['Measure', 'Result', 'Detail']];
  try {
    const instances = await startInstances(jwtSecret, stops);
    db = createDb(instances[0]!.product.databaseUrl, 4);
    const config = loadConfig({ JWT_SECRET: jwtSecret, NODE_ENV: 'development', LOG_LEVEL: 'warn' });
    const { creators, viewers } = await seed(db, config, {
      creators: SETTINGS.creators,
      viewers: SETTINGS.viewers,
      balancePaise: SETTINGS.viewerBalancePaise,
    });
    const run = randomBytes(3).toString('hex');
    rows.push(...(await throughputRows(binary, instances, creators, viewers, run)));
    rows.push(...(await steadyWithKillRows(binary, instances, creators, viewers, run, stops)));
  } finally {
    clearTimeout(watchdog);
    await db?.destroy().catch(() => undefined);
    for (const stop of stops) await stop().catch(() => undefined);
  }
  const header = [
    `Shabaash cluster bench — ${new Date().toISOString()} — command: npm run bench:cluster`,
    `3 API instances (npm start, DATABASE_POOL_MAX=${SETTINGS.apiPoolMax}) on one embedded PostgreSQL, HAProxy (deploy/haproxy.cfg), load generator: all on this ${os.availableParallelism()}-CPU machine.`,
    `Load average (1 min): ${loadStart.toFixed(2)} at start, ${(os.loadavg()[0] ?? 0).toFixed(2)} at end. Run time ${Math.round((performance.now() - T0) / 1000)} s.`,
  ];
  console.log(`\n${header.join('\n')}\n\n${table(rows)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
