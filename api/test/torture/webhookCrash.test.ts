/**
 * Webhook crash torture: the product runs as `npm start` does (its own process, embedded PostgreSQL in
 * DATA_DIR) with a creator's endpoint pointing at a slow receiver in this test. Tips are committed, the worker
 * starts delivering, and the API process is SIGKILLed in the middle. After a restart on the same DATA_DIR every
 * event reaches the receiver, and a receiver that deduplicates by event id handles each exactly once. The delivery
 * worker is a child process of the API (webhooksWorker.ts): it dies with the API, and when it alone is SIGKILLed
 * the API starts a new one and nothing is lost either.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, killLeftoverPostgres, killProduct, startProduct, stopCrashProducts } from '../product.ts';
import { crashTestProduct } from './crashProduct.ts';
import { createDb, type Db } from '../../src/db/knex.ts';
import { buildCreator, seedGuestTip, type BuiltCreator } from '../factories.ts';
import { startReceiver } from '../webhookReceiver.ts';

const TIPS = 150;
const KILL_AFTER_HANDLED = 30;
const MORE_TIPS = 100;

/** The pid of the API's delivery worker process (its child running webhooksWorker.ts), or null. */
function workerPid(apiPid: number): number | null {
  try {
    const children = fs
      .readdirSync(`/proc/${apiPid}/task`)
      .flatMap((t) => fs.readFileSync(`/proc/${apiPid}/task/${t}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
    return (
      children.find((pid) => {
        try {
          return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('webhooksWorker');
        } catch {
          return false;
        }
      }) ?? null
    );
  } catch {
    return null;
  }
}

const gone = (pid: number) => !alive(pid);

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

const { dataDir, env, databaseUrl, config, products } = await crashTestProduct('webhook-crash', {
  SANDBOX_SEED: 'false',
  WEBHOOK_POLL_MS: '50',
  WEBHOOK_CLAIM_MS: '3000',
  WEBHOOK_RETRY_BASE_MS: '200',
  // Small batches, one at a time, so the kill lands in the middle of the deliveries.
  WEBHOOK_BATCH: '10',
  WEBHOOK_LANES: '1',
});

let db: Db | null = null;
let creator: BuiltCreator;
const receiver = await startReceiver(() => new Promise<number>((r) => setTimeout(() => r(200), 25)));
const tipIds: string[] = [];

afterAll(async () => {
  await db?.destroy();
  await receiver.close();
  await stopCrashProducts(products, dataDir);
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
      tipIds.push(
        await seedGuestTip(db, creator.id, {
          guestName: `Guest ${i}`,
          amountPaise: 10_000 + i,
          message: `tip ${i}`,
        }),
      );
    }
  }, 180_000);

  it('SIGKILLs the API while deliveries are in flight', async () => {
    const product = products[0]!;
    const deadline = Date.now() + 60_000;
    while (receiver.handled.size < KILL_AFTER_HANDLED && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
    const worker = workerPid(product.pid);
    expect(worker).not.toBeNull();
    await killProduct(product);
    expect(product.process.signalCode).toBe('SIGKILL');
    // The worker process stops with the API (no orphan keeps sending).
    await until(() => gone(worker!), 5000);
    expect(gone(worker!)).toBe(true);
    // Killed mid-run: some events were handled, not all.
    expect(receiver.handled.size).toBeGreaterThanOrEqual(KILL_AFTER_HANDLED);
    expect(receiver.handled.size).toBeLessThan(TIPS);
  }, 90_000);

  it('after a restart every event arrives, each handled exactly once by id', async () => {
    await db!.destroy();
    db = null;
    await killLeftoverPostgres(dataDir);
    products.push(await startProduct(env));
    const deadline = Date.now() + 90_000;
    while (receiver.handled.size < TIPS && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(receiver.handled.size).toBe(TIPS);
    const delivered = [...receiver.handled.values()].map(
      (r) => (r.body.data as { tip: { id: string } }).tip.id,
    );
    expect(new Set(delivered)).toEqual(new Set(tipIds));
    // Deliveries that were in flight at the kill stay claimed until their lease (WEBHOOK_CLAIM_MS) runs out,
    // then go again with the same event id: the receiver may see an id twice, never a second event.
    db = createDb(databaseUrl, 2);
    const states = async () =>
      (
        await db!('outgoing_webhook_deliveries')
          .select<Array<{ status: string; n: string }>>('status')
          .count('* as n')
          .groupBy('status')
      ).map((s) => [s.status, Number(s.n)]);
    const settled = Date.now() + 60_000;
    while (JSON.stringify(await states()) !== JSON.stringify([['delivered', TIPS]]) && Date.now() < settled) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await states()).toEqual([['delivered', TIPS]]);
    expect(new Set(receiver.requests.map((r) => r.body.id)).size).toBe(TIPS);
    expect(receiver.handled.size).toBe(TIPS);
    expect(receiver.requests.length).toBeGreaterThanOrEqual(TIPS);
  }, 180_000);

  it('SIGKILL of the worker process alone: the API starts a new one and every event still arrives once', async () => {
    const product = products[1]!;
    const first = workerPid(product.pid);
    expect(first).not.toBeNull();
    const moreIds: string[] = [];
    for (let i = 0; i < MORE_TIPS; i += 1)
      moreIds.push(
        await seedGuestTip(db!, creator.id, {
          guestName: `Later ${i}`,
          amountPaise: 20_000 + i,
          message: `more ${i}`,
        }),
      );
    await until(() => receiver.handled.size >= TIPS + 20, 60_000);
    process.kill(first!, 'SIGKILL');
    expect(receiver.handled.size).toBeLessThan(TIPS + MORE_TIPS);
    await until(() => {
      const next = workerPid(product.pid);
      return next !== null && next !== first;
    }, 15_000);
    expect(workerPid(product.pid)).not.toBe(first);
    await until(() => receiver.handled.size >= TIPS + MORE_TIPS, 90_000);
    expect(receiver.handled.size).toBe(TIPS + MORE_TIPS);
    const tipsSeen = new Set(
      [...receiver.handled.values()].map((r) => (r.body.data as { tip: { id: string } }).tip.id),
    );
    for (const id of moreIds) expect(tipsSeen.has(id)).toBe(true);
    const notDelivered = async () =>
      Number(
        (await db!('outgoing_webhook_deliveries').whereNot({ status: 'delivered' }).count('* as n'))[0]!.n,
      );
    await until(async () => (await notDelivered()) === 0, 60_000);
    expect(await notDelivered()).toBe(0);
    expect(new Set(receiver.requests.map((r) => r.body.id)).size).toBe(TIPS + MORE_TIPS);
  }, 180_000);
});
