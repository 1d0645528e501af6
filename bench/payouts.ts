/**
 * `npm run bench` payout phase (also `npm run bench:payouts`): one Starter daily batch for many creators.
 * In-process: embedded PostgreSQL in a temp dir, migrations, the Razorpay simulator answering every API call
 * after ~50 ms, the real gateway (official SDK) and webhooks into the real webhook handler. Seeds creators with
 * activated linked accounts and wallet tips straight into the database (the tips trigger credits earnings),
 * then times `runPayoutCycle` (claim → transfer → record) and waits for every transfer.processed webhook.
 * Prints the time and transfers/s. Sizes: BENCH_PAYOUT_CREATORS (10,000), BENCH_PAYOUT_TIPS (20),
 * BENCH_PAYOUT_LATENCY_MS (50), BENCH_PAYOUT_CONCURRENCY (creators claimed at a time, 8) and
 * BENCH_PAYOUT_IN_FLIGHT (transfer calls open at once, 32). Run alone with `npm run bench:payouts`.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createApp } from '../api/src/app.ts';
import { loadConfig } from '../api/src/config.ts';
import { createDb, migrateLatest } from '../api/src/db/knex.ts';
import { startEmbeddedPostgres } from '../api/src/db/embedded.ts';
import type { AppDeps } from '../api/src/deps.ts';
import { createLogger } from '../api/src/logger.ts';
import { runPayoutCycle } from '../api/src/modules/payouts/transfers.service.ts';
import { createRazorpayGateway } from '../api/src/payments/gateway.ts';
import { startRazorpaySimulator } from '../api/src/payments/simulator/index.ts';
import { freePort } from '../api/src/ports.ts';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CREATORS = num('BENCH_PAYOUT_CREATORS', 10_000);
const TIPS = num('BENCH_PAYOUT_TIPS', 20);
const LATENCY_MS = num('BENCH_PAYOUT_LATENCY_MS', 50);
const CONCURRENCY = num('BENCH_PAYOUT_CONCURRENCY', 8);
const IN_FLIGHT = num('BENCH_PAYOUT_IN_FLIGHT', 32);
const log = (line: string) => process.stderr.write(`[bench payouts] ${line}\n`);

/**
 * The tips of some creators and what the tips trigger would credit for them (earnings, credit movements, the
 * balance rows), set-based in one transaction with row triggers off (`session_replication_role = replica`,
 * the embedded server's superuser may), as the payouts migration's own backfill does: per-row triggers would
 * make seeding 200,000 tips take longer than the batch it prepares.
 */
async function seedTips(db: ReturnType<typeof createDb>, viewerId: string, creatorIds: string[]) {
  await db.transaction(async (tx) => {
    await tx.raw('set local session_replication_role = replica');
    await tx.raw(
      `insert into tips (creator_id, sender_id, source, amount_paise, fee_paise, message, version)
         select c, ?, 'wallet', 1000 + t, 0, 'bench', t
         from unnest(?::uuid[]) c cross join generate_series(1, ?::int) t`,
      [viewerId, creatorIds, TIPS],
    );
    await tx.raw(
      `insert into earnings (creator_id, tip_id, source, payment_id, gross_paise, fee_paise, net_paise, created_at)
         select creator_id, id, source, payment_id, amount_paise, fee_paise, amount_paise - fee_paise, created_at
         from tips where creator_id = any(?::uuid[])`,
      [creatorIds],
    );
    await tx.raw(
      `insert into earning_movements (creator_id, earning_id, kind, from_state, to_state, amount_paise, reference)
         select creator_id, id, 'credit', null, 'pending', gross_paise, tip_id::text
         from earnings where creator_id = any(?::uuid[])`,
      [creatorIds],
    );
    await tx.raw(
      `insert into creator_earnings (creator_id, earned_paise, fees_paise, pending_paise)
         select creator_id, sum(gross_paise), sum(fee_paise), sum(net_paise)
         from earnings where creator_id = any(?::uuid[]) group by creator_id
       on conflict (creator_id) do update set earned_paise = excluded.earned_paise,
         fees_paise = excluded.fees_paise, pending_paise = excluded.pending_paise`,
      [creatorIds],
    );
  });
}

export async function runPayoutBench(): Promise<{
  creators: number;
  tips: number;
  transfers: number;
  seconds: number;
  perSecond: number;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-bench-payouts-'));
  fs.chmodSync(dir, 0o755); // the embedded PostgreSQL may run as another user
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
  const db = createDb(pg.url, 50);
  let server: http.Server | null = null;
  const sim = await startRazorpaySimulator({
    keyId: 'rzp_test_bench',
    keySecret: 'bench_secret',
    webhookSecret: 'bench_webhook_secret',
    webhookUrl: () =>
      `http://127.0.0.1:${(server?.address() as AddressInfo | null)?.port ?? 0}/api/webhooks/razorpay`,
  });
  try {
    await migrateLatest(db);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      PAYOUT_HOLD_HOURS: '0',
    });
    const gateway = createRazorpayGateway({
      keyId: 'rzp_test_bench',
      keySecret: 'bench_secret',
      webhookSecret: 'bench_webhook_secret',
      timeoutMs: 30_000,
      hostUrl: sim.apiBaseUrl,
    });
    const deps = {
      config,
      db,
      logger: createLogger('silent'),
      version: 'bench',
      identity: { verifyPhoneToken: () => Promise.reject(new Error('not in the bench')) },
      realtime: {
        changed() {},
        overlayUpdated() {},
        sessionsRevoked() {},
        overlayKeyRotated() {},
        apiTokenRevoked() {},
        moderatorRemoved() {},
        creatorSuspended() {},
        streamUpdated() {},
        timerUpdated() {},
        alertsUpdated() {},
        youtubeLiveUpdated() {},
        showEvent() {},
      },
      // The batch pushes no tip live, so no speech is ever queued.
      speech: { tipLive() {}, testSpeech: () => Promise.reject(new Error('no speech in this bench')) },
      payments: gateway,
      checkout: { keyId: 'rzp_test_bench', scriptUrl: '/sandbox/checkout.js' },
    } satisfies AppDeps;
    server = http.createServer(createApp(deps).callback());
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));

    log(`seeding ${CREATORS} creators × ${TIPS} wallet tips…`);
    const seedStart = performance.now();
    const viewer = await db.raw<{ rows: Array<{ id: string }> }>(
      `insert into users (name, phone, password_hash, role) values ('Bench viewer', '9999999999', 'x', 'viewer') returning id`,
    );
    const viewerId = viewer.rows[0]!.id;
    for (let from = 0; from < CREATORS; from += 1000) {
      const n = Math.min(1000, CREATORS - from);
      const users = await db.raw<{ rows: Array<{ id: string }> }>(
        `insert into users (name, phone, password_hash, role)
           select 'Creator ' || i, lpad((8000000000 + i)::text, 10, '0'), 'x', 'creator'
           from generate_series(?::int, ?::int) i returning id`,
        [from, from + n - 1],
      );
      const rows = users.rows.map((u, i) => ({
        user_id: u.id,
        handle: `bench-${from + i}`,
        display_name: `Creator ${from + i}`,
        overlay_key: `bench-key-${from + i}`,
      }));
      await db('creators').insert(rows);
      await db('linked_accounts').insert(
        rows.map((r) => ({
          creator_id: r.user_id,
          account_id: sim.route.seedActivatedAccount(`${r.handle}@bench.example`),
          status: 'activated',
          activated_at: new Date(),
          legal_name: r.display_name,
          bank_name: 'HDFC Bank',
          account_last4: '1234',
          ifsc: 'HDFC0001234',
        })),
      );
      await seedTips(
        db,
        viewerId,
        rows.map((r) => r.user_id),
      );
    }
    const seedSeconds = (performance.now() - seedStart) / 1000;
    sim.switches.apiLatencyMs = LATENCY_MS;
    log(
      `seeded in ${seedSeconds.toFixed(1)} s; one daily batch, simulator answering in ~${LATENCY_MS} ms, ` +
        `${CONCURRENCY} creators claimed at a time, ${IN_FLIGHT} transfers in flight…`,
    );
    const t0 = performance.now();
    const summary = await runPayoutCycle(deps, {
      forceStarter: true,
      concurrency: CONCURRENCY,
      inFlight: IN_FLIGHT,
    });
    const created = performance.now();
    await sim.idle();
    const seconds = (created - t0) / 1000;
    const paid = await db('payout_transfers')
      .where({ status: 'processed' })
      .count<{ n: string }[]>({ n: '*' });
    const result = {
      creators: CREATORS,
      tips: CREATORS * TIPS,
      transfers: summary.transfers,
      seconds: Math.round(seconds * 10) / 10,
      perSecond: Math.round(summary.transfers / seconds),
    };
    console.log(
      `payout batch: ${result.creators} creators × ${TIPS} tips → ${result.transfers} transfers in ${result.seconds} s ` +
        `(${result.perSecond} transfers/s, simulator ~${LATENCY_MS} ms per call, ${IN_FLIGHT} in flight); ` +
        `${paid[0]?.n} processed after webhooks; seeding took ${seedSeconds.toFixed(1)} s`,
    );
    return result;
  } finally {
    server?.close();
    server?.closeAllConnections();
    await sim.stop();
    await db.destroy();
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runPayoutBench().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
