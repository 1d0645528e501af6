/**
 * Webhook crash torture: the product runs as `npm start` does (its own process, embedded PostgreSQL in
 * DATA_DIR) with a creator's endpoint pointing at a slow receiver in this test. Tips are committed, the worker
 * starts delivering, and the API process is SIGKILLed in the middle. After a restart on the same DATA_DIR every
 * event reaches the receiver, and a receiver that deduplicates by event id handles each exactly once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { killLeftoverPostgres, killProduct, startProduct, stopCrashProducts } from '../product.ts';
import { crashTestProduct } from './crashProduct.ts';
import { createDb, type Db } from '../../src/db/knex.ts';
import { buildCreator, seedGuestTip, type BuiltCreator } from '../factories.ts';
import { startReceiver } from '../webhookReceiver.ts';

const TIPS = 150;
const KILL_AFTER_HANDLED = 30;

const { dataDir, env, databaseUrl, config, products } = await crashTestProduct('webhook-crash', {
  SANDBOX_SEED: 'false',
  WEBHOOK_POLL_MS: '50',
  WEBHOOK_CLAIM_MS: '3000',
  WEBHOOK_RETRY_BASE_MS: '200',
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
    await killProduct(product);
    expect(product.process.signalCode).toBe('SIGKILL');
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
});
