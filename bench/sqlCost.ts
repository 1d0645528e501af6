import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { loadConfig } from '../api/src/config.ts';
import { startEmbeddedPostgres } from '../api/src/db/embedded.ts';
import { createDb, migrateLatest, type Db } from '../api/src/db/knex.ts';
import { findTipContext } from '../api/src/modules/safety/safety.repository.ts';
import { sendWalletTips, type WalletTipInput } from '../api/src/modules/tips/walletTips.repository.ts';
import { freePort } from '../api/src/ports.ts';
import { dropSendFloor, FLOOR_SCHEMA, prepareSendFloor } from './floors/floors.ts';
import { floorTip } from './floors/sendFloorTip.mjs';
import { seed, type SeededCreator, type SeededUser } from './load/seed.ts';

/**
 * What the database spends on one wallet tip, without HTTP and without the machine's load moving it much
 * (`npm run bench:sql`): a fresh embedded PostgreSQL with pg_stat_statements (track = all, so the
 * statements inside the batch function and its triggers count too), the bench's seed, then BATCHES calls of
 * `shabaash_send_wallet_tips` of BATCH tips each (20 creators round-robin, 1,000 viewers) on ONE connection.
 * Then, on the same connection and database, as many tips through the send floor's transaction (one per tip, its
 * four prepared statements: bench/floors/sendFloorTip.mjs). Prints the backend's CPU ms (from /proc) and the wall
 * time per tip of both and their ratio, statements per tip, and the product's statements that cost most.
 * BATCH defaults to 3, what a batch carries at 200 tips/s; BATCH=14 is the earlier default.
 */
const BATCH = Number(process.env.BATCH ?? 3);
const BATCHES = Number(process.env.BATCHES ?? 300);
const TIPS = BATCH * BATCHES;
const BALANCE_PAISE = 10_000_000;

interface Cost {
  cpuMs: number;
  wallMs: number;
  statements: number;
}

interface StatementCost {
  query: string;
  calls: string;
  ms: number;
}

function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

/** The backend's CPU and the wall time of `run`, and pg_stat_statements' statements (reset first). */
async function measure(
  query: (sql: string) => Promise<{ rows: unknown[] }>,
  run: () => Promise<void>,
): Promise<{ cost: Cost; rows: StatementCost[] }> {
  await query('select pg_stat_statements_reset()');
  const { rows: pids } = await query('select pg_backend_pid() as pid');
  const pid = Number((pids[0] as { pid: number }).pid);
  const before = cpuMs(pid);
  const t0 = performance.now();
  await run();
  const wallMs = performance.now() - t0;
  const cpu = cpuMs(pid) - before;
  const { rows } = (await query(
    `select regexp_replace(query, '\\s+', ' ', 'g') as query, calls, total_exec_time as ms
       from pg_stat_statements
      where query not like '%pg_stat_statements%' and query not like '%pg_backend_pid%'
      order by total_exec_time desc`,
  )) as { rows: StatementCost[] };
  const statements = rows.reduce((s, r) => s + Number(r.calls), 0);
  return { cost: { cpuMs: cpu, wallMs, statements }, rows };
}

/** Wallet tips in batches through `shabaash_send_wallet_tips`, as the API's send batcher calls it. */
async function productCost(db: Db, creators: readonly SeededCreator[], viewers: readonly SeededUser[]) {
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
  return measure(
    (sql) => db.raw(sql),
    async () => {
      for (let b = 0; b < BATCHES; b++) await sendWalletTips(db, batch());
    },
  );
}

/** The same number of tips through the send floor's transaction, on the same connection (the pool holds one). */
async function floorCost(db: Db, creators: readonly SeededCreator[], viewers: readonly SeededUser[]) {
  await prepareSendFloor(db, viewers, creators, BALANCE_PAISE);
  const client = (await db.client.acquireConnection()) as pg.ClientBase;
  try {
    let n = 0;
    const tip = async () => {
      const i = n++;
      const landed = await floorTip(client, FLOOR_SCHEMA, viewers[i % viewers.length]!.id, {
        amountPaise: 100,
        message: `sql ${i}`,
        creator: creators[i % creators.length]!.handle,
      });
      if (!landed) throw new Error('the send floor refused a tip');
    };
    for (let i = 0; i < 50 * BATCH; i++) await tip();
    await client.query(`vacuum analyze ${FLOOR_SCHEMA}.wallets, ${FLOOR_SCHEMA}.creators`);
    return await measure(
      (sql) => client.query(sql),
      async () => {
        for (let i = 0; i < TIPS; i++) await tip();
      },
    );
  } finally {
    await db.client.releaseConnection(client);
  }
}

function costLine(name: string, cost: Cost, how: string): string {
  return `${name} ${TIPS} tips ${how}: backend CPU ${(cost.cpuMs / TIPS).toFixed(3)} ms per tip, wall ${(cost.wallMs / TIPS).toFixed(3)} ms per tip; ${(cost.statements / TIPS).toFixed(1)} statements per tip`;
}

function report(product: Cost, floor: Cost, rows: readonly StatementCost[]): void {
  console.log(
    costLine('product', product, `in batches of ${BATCH}`) +
      ` (wall ${(product.wallMs / BATCHES).toFixed(2)} ms per batch; pg_stat_statements, nested and foreign-key checks included)`,
  );
  console.log(costLine('floor  ', floor, 'one transaction each (the send floor’s four statements)'));
  console.log(
    `product ÷ floor: backend CPU ${(product.cpuMs / floor.cpuMs).toFixed(2)}×, wall ${(product.wallMs / floor.wallMs).toFixed(2)}×, statements ${(product.statements / floor.statements).toFixed(2)}×`,
  );
  console.log('the product’s statements, costliest first (calls and exec time per tip):');
  for (const r of rows.slice(0, 25))
    console.log(
      `${(Number(r.calls) / TIPS).toFixed(2).padStart(6)}/tip ${(r.ms / TIPS).toFixed(4)} ms/tip  ${r.query.slice(0, 150)}`,
    );
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
    balancePaise: BALANCE_PAISE,
  });
  const product = await productCost(db, creators, viewers);
  const floor = await floorCost(db, creators, viewers);
  await dropSendFloor(db);
  report(product.cost, floor.cost, product.rows);
} finally {
  await db.destroy();
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
