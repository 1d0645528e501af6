/**
 * Webhook crash torture: the product runs as `npm start` does (its own process, embedded PostgreSQL in
 * DATA_DIR) with a creator's endpoint pointing at a slow receiver in this test. Tips are committed, the worker
 * starts delivering, and the API process is SIGKILLed in the middle. After a restart on the same DATA_DIR every
 * event reaches the receiver, and a receiver that deduplicates by event id handles each exactly once.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startProduct, type RunningProduct } from '../product.ts';
import { createDb, type Db } from '../../src/db/knex.ts';
import { buildCreator, type BuiltCreator } from '../factories.ts';
import { freePort } from '../../src/ports.ts';
import { testConfig } from '../harness.ts';
import { startReceiver } from '../webhookReceiver.ts';
import { insertTip } from '../../src/modules/tips/tips.repository.ts';

const JWT_SECRET = 'webhook-crash-secret-webhook-crash-secret-0123';
const TIPS = 150;
const KILL_AFTER_HANDLED = 30;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-webhook-crash-'));
fs.chmodSync(dataDir, 0o755);
const pgPort = await freePort();
const env = {
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(pgPort),
  FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
  JWT_SECRET,
  SANDBOX_SEED: 'false',
  LOG_LEVEL: 'warn',
  WEBHOOK_POLL_MS: '50',
  WEBHOOK_CLAIM_MS: '3000',
  WEBHOOK_RETRY_BASE_MS: '200',
};
const databaseUrl = `postgres://shabaash:shabaash@127.0.0.1:${pgPort}/shabaash`;
const config = testConfig({ JWT_SECRET });

const products: RunningProduct[] = [];
let db: Db | null = null;
let creator: BuiltCreator;
const receiver = await startReceiver(() => new Promise<number>((r) => setTimeout(() => r(200), 25)));
const tipIds: string[] = [];

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The embedded PostgreSQL outlives a SIGKILLed parent: stop it (immediate shutdown = crash recovery next start). */
async function killLeftoverPostgres(): Promise<void> {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  const pid = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : 0;
  if (!pid || !alive(pid)) return;
  process.kill(pid, 'SIGQUIT');
  const deadline = Date.now() + 20_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  while (alive(pid)) await new Promise((r) => setTimeout(r, 100));
}

afterAll(async () => {
  await db?.destroy();
  await receiver.close();
  for (const p of products) {
    if (p.process.exitCode === null && p.process.signalCode === null) await p.stop();
    else fs.rmSync(p.dataDir, { recursive: true, force: true });
  }
  await killLeftoverPostgres();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe.sequential('kill -9 in the middle of webhook deliveries', () => {
  it('starts the product, a creator with an endpoint, and commits the tips', async () => {
    products.push(await startProduct(env));
    db = createDb(databaseUrl, 4);
    creator = await buildCreator(db, config);
    const res = await fetch(`${products[0]!.url}/api/creator/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${creator.token}` },
      body: JSON.stringify({ url: receiver.url, events: ['tip.created'] }),
    });
    expect(res.status).toBe(200);
    for (let i = 0; i < TIPS; i += 1) {
      const row = await db.transaction((tx) =>
        insertTip(tx, {
          creatorId: creator.id,
          senderId: null,
          guestName: `Guest ${i}`,
          source: 'guest',
          amountPaise: 10_000 + i,
          message: `tip ${i}`,
          paymentId: `pay_${randomUUID()}`,
        }),
      );
      tipIds.push(row.id);
    }
  }, 180_000);

  it('SIGKILLs the API while deliveries are in flight', async () => {
    const product = products[0]!;
    const deadline = Date.now() + 60_000;
    while (receiver.handled.size < KILL_AFTER_HANDLED && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
    process.kill(product.process.pid!, 'SIGKILL');
    await new Promise<void>((resolve) =>
      product.process.exitCode !== null || product.process.signalCode
        ? resolve()
        : product.process.once('exit', () => resolve()),
    );
    expect(product.process.signalCode).toBe('SIGKILL');
    // Killed mid-run: some events were handled, not all.
    expect(receiver.handled.size).toBeGreaterThanOrEqual(KILL_AFTER_HANDLED);
    expect(receiver.handled.size).toBeLessThan(TIPS);
  }, 90_000);

  it('after a restart every event arrives, each handled exactly once by id', async () => {
    await db!.destroy();
    db = null;
    await killLeftoverPostgres();
    products.push(await startProduct(env));
    const deadline = Date.now() + 90_000;
    while (receiver.handled.size < TIPS && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(receiver.handled.size).toBe(TIPS);
    const delivered = [...receiver.handled.values()].map(
      (r) => (r.body.data as { tip: { id: string } }).tip.id,
    );
    expect(new Set(delivered)).toEqual(new Set(tipIds));
    expect(receiver.handled.size).toBe(new Set(receiver.requests.map((r) => r.body.id)).size);
    // At least once: a delivery in flight at the kill may arrive twice, never as a second event.
    expect(receiver.requests.length).toBeGreaterThanOrEqual(TIPS);
    db = createDb(databaseUrl, 2);
    const states = await db('outgoing_webhook_deliveries').select('status').count('* as n').groupBy('status');
    expect(states.map((s) => [s.status, Number(s.n)])).toEqual([['delivered', TIPS]]);
  }, 180_000);
});
