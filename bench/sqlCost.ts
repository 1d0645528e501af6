import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../api/src/config.ts';
import { startEmbeddedPostgres } from '../api/src/db/embedded.ts';
import { createDb, migrateLatest } from '../api/src/db/knex.ts';
import { findTipContext } from '../api/src/modules/safety/safety.repository.ts';
import { sendWalletTips, type WalletTipInput } from '../api/src/modules/tips/walletTips.repository.ts';
import { freePort } from '../api/src/ports.ts';
import { seed } from './load/seed.ts';

/**
 * What the database spends on one wallet tip, without HTTP and without the machine's load moving it much
 * (`npm run bench:sql`): a fresh embedded PostgreSQL with pg_stat_statements (track = all, so the
 * statements inside the batch function and its triggers count too), the bench's seed, then BATCHES calls of
 * `shabaash_send_wallet_tips` of BATCH tips each (20 creators round-robin, 1,000 viewers) on ONE connection.
 * Prints the backend's CPU ms per tip (from /proc), statements per tip and the statements that cost most.
 */
const BATCH = Number(process.env.BATCH ?? 14);
const BATCHES = Number(process.env.BATCHES ?? 300);

function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-sqlcost-'));
fs.chmodSync(dir, 0o755);
const port = await freePort();
let server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port });
const admin = createDb(server.url, 1);
await admin.raw(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
await admin.raw(`alter system set pg_stat_statements.track = 'all'`);
await admin.destroy();
await server.stop();
server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port });
const db = createDb(server.url, 1);
try {
  await migrateLatest(db);
  await db.raw('create extension if not exists pg_stat_statements');
  const config = loadConfig({ JWT_SECRET: 'x'.repeat(40), NODE_ENV: 'development', LOG_LEVEL: 'warn' });
  const { creators, viewers } = await seed(db, config, {
    creators: 20,
    viewers: 1000,
    balancePaise: 10_000_000,
  });
  const sessions = new Map(
    (await db('sessions').select('user_id', 'id')).map((s: { user_id: string; id: string }) => [
      s.user_id,
      s.id,
    ]),
  );
  const contexts = await Promise.all(creators.map((c) => findTipContext(db, { creatorId: c.id })));
  let n = 0;
  const batch = (): WalletTipInput[] =>
    Array.from({ length: BATCH }, () => {
      const i = n++;
      const viewer = viewers[i % viewers.length]!;
      const context = contexts[i % creators.length]!;
      return {
        tipId: randomUUID(),
        userId: viewer.id,
        sessionId: sessions.get(viewer.id)!,
        creator: context,
        amountPaise: 100,
        message: `sql ${i}`,
        autoLive: false,
        tipDescription: `Tip to ${context.displayName}`,
        cashbackPaise: 1,
        cashbackDescription: 'Cashback on your tip',
        idempotencyKey: `sql-${i}`,
        requestHash: `h${i}`,
        refused: false,
      };
    });
  // Warm up (plans cached, tables past empty), analyse, then measure.
  for (let b = 0; b < 50; b++) await sendWalletTips(db, batch());
  await db.raw('vacuum analyze');
  await db.raw('select pg_stat_statements_reset()');
  const pid = Number(
    (await db.raw<{ rows: Array<{ pid: number }> }>('select pg_backend_pid() as pid')).rows[0]!.pid,
  );
  const before = cpuMs(pid);
  const t0 = performance.now();
  for (let b = 0; b < BATCHES; b++) await sendWalletTips(db, batch());
  const wall = performance.now() - t0;
  const cpu = cpuMs(pid) - before;
  const tips = BATCH * BATCHES;
  const { rows } = await db.raw<{ rows: Array<{ query: string; calls: string; ms: number }> }>(
    `select regexp_replace(query, '\\s+', ' ', 'g') as query, calls, total_exec_time as ms
       from pg_stat_statements where query not like '%pg_stat_statements%' order by total_exec_time desc`,
  );
  const calls = rows.reduce((s, r) => s + Number(r.calls), 0);
  console.log(
    `${tips} tips in batches of ${BATCH}: backend CPU ${(cpu / tips).toFixed(3)} ms per tip, wall ${(wall / BATCHES).toFixed(2)} ms per batch; ${(calls / tips).toFixed(1)} statements per tip (pg_stat_statements, nested and foreign-key checks included)`,
  );
  for (const r of rows.slice(0, 25))
    console.log(
      `${(Number(r.calls) / tips).toFixed(2).padStart(6)}/tip ${(r.ms / tips).toFixed(4)} ms/tip  ${r.query.slice(0, 150)}`,
    );
} finally {
  await db.destroy();
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
