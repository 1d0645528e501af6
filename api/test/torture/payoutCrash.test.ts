/**
 * Payout crash torture: the product runs as its own process against a Razorpay simulator that lives in THIS
 * process (RAZORPAY_HOST_URL), so Razorpay's memory survives the crash as the real one would. Pro creators
 * receive wallet tips; while the payout job is sending transfers (the simulator answers slowly), the API is
 * killed with SIGKILL. After a restart on the same DATA_DIR, reconciliation finds the transfers by our key and
 * every earning is paid exactly once: Razorpay holds one transfer per claimed key, and what it paid each
 * creator equals their net earnings.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@shabaash/shared';
import { killLeftoverPostgres, killProduct, startProduct, stopCrashProducts } from '../product.ts';
import { crashTestProduct } from './crashProduct.ts';
import { createDb, type Db } from '../../src/db/knex.ts';
import { buildCreator, buildUser, type BuiltCreator, type BuiltUser } from '../factories.ts';
import { freePort } from '../../src/ports.ts';
import { startRazorpaySimulator } from '../../src/payments/simulator/index.ts';
import { ONBOARDING } from '../payouts.ts';
import { PAYOUT_KEY_NOTE } from '../../src/modules/payouts/transfers.service.ts';

const CREATORS = 24;
const TIPS_PER_CREATOR = 3;
const KEY_ID = 'rzp_test_torture';
const KEY_SECRET = 'torture_key_secret';
const WEBHOOK_SECRET = 'torture_webhook_secret';

const port = await freePort();
const sim = await startRazorpaySimulator({
  keyId: KEY_ID,
  keySecret: KEY_SECRET,
  webhookSecret: WEBHOOK_SECRET,
  webhookUrl: () => `http://127.0.0.1:${port}/api/webhooks/razorpay`,
});
const { dataDir, env, databaseUrl, config, products } = await crashTestProduct('payout-crash', {
  PORT: String(port),
  SANDBOX_SEED: 'false',
  RAZORPAY_KEY_ID: KEY_ID,
  RAZORPAY_KEY_SECRET: KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  RAZORPAY_HOST_URL: sim.apiBaseUrl,
  RAZORPAY_TIMEOUT_MS: '1000',
  // Live-style keys default to WALLET_MODE=off; this journey sends wallet tips.
  WALLET_MODE: 'stored',
  PAYOUT_HOLD_HOURS: '0',
  PAYOUT_PRO_WINDOW_MS: '0',
  PAYOUT_TICK_MS: '200',
  PAYOUT_STUCK_AFTER_MS: '3000',
});
let db: Db | null = null;
let viewer: BuiltUser;
const creators: BuiltCreator[] = [];

afterAll(async () => {
  await db?.destroy();
  await stopCrashProducts(products, dataDir);
  await sim.stop();
}, 60_000);

const post = (url: string, token: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

describe.sequential('kill -9 of the API during a payout batch', () => {
  it('starts the product and onboards Pro creators through Route', async () => {
    products.push(await startProduct(env));
    db = createDb(databaseUrl, 4);
    viewer = await buildUser(db, config, { balancePaise: 10_000_000 });
    for (let i = 0; i < CREATORS; i++) {
      const c = await buildCreator(db, config, { lifetimeGrossPaise: LIMITS.starterFreeTierPaise + 1 });
      const res = await post(`${products[0]!.url}/api/creator/payouts/onboarding`, c.token, {
        ...ONBOARDING,
        email: `torture${i}-${Date.now()}@example.com`,
      });
      expect(res.status).toBe(200);
      creators.push(c);
    }
    await sim.idle();
    const active = await db('linked_accounts')
      .whereIn(
        'creator_id',
        creators.map((c) => c.id),
      )
      .where({ status: 'activated' });
    expect(active).toHaveLength(CREATORS);
  }, 180_000);

  it('SIGKILLs the API while the payout job is sending transfers', async () => {
    const product = products[0]!;
    // Razorpay makes each transfer at once but its answer takes 1.5 s: the kill lands between calls made at
    // Razorpay and their outcome committed here (with a plain 150 ms latency a quiet machine finished every
    // transfer before the sends had all returned).
    sim.switches.routeAnswerDelayMs = 1_500;
    const sends = creators.flatMap((c) =>
      Array.from({ length: TIPS_PER_CREATOR }, (_, i) =>
        post(`${product.url}/api/tips/send`, viewer.token, {
          amount: 10 + i,
          message: 'go',
          creator: c.handle,
        }).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    const statuses = await Promise.all(sends);
    expect(statuses.filter((s) => s === 200).length).toBe(CREATORS * TIPS_PER_CREATOR);
    const deadline = Date.now() + 30_000;
    const claimed = async () =>
      Number(
        (await db!('payout_transfers').where({ status: 'created' }).count<{ n: string }[]>({ n: '*' }))[0]?.n,
      );
    while ((sim.route.transfers.size === 0 || (await claimed()) === 0) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await killProduct(product);
    expect(product.process.signalCode).toBe('SIGKILL');
    await sim.idle();
    expect(sim.route.transfers.size).toBeGreaterThan(0);
    // Transfers recorded before their call whose outcome the dead process never committed: the crash landed mid-batch.
    const unanswered = await db!('payout_transfers').where({ status: 'created' });
    const madeAnyway = unanswered.filter((r) =>
      [...sim.route.transfers.values()].some(
        (t) => !Array.isArray(t.notes) && t.notes[PAYOUT_KEY_NOTE] === r.idempotency_key,
      ),
    );
    expect(unanswered.length).toBeGreaterThan(0);
    console.info(
      `payout crash: killed with ${unanswered.length} transfers unanswered, ${madeAnyway.length} of them made at Razorpay`,
    );
  }, 60_000);

  it('restarts and pays every earning exactly once', async () => {
    await db!.destroy();
    db = null;
    await killLeftoverPostgres(dataDir);
    sim.switches.routeAnswerDelayMs = 0;
    products.push(await startProduct(env));
    db = createDb(databaseUrl, 4);
    const ids = creators.map((c) => c.id);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const open = await db('earnings')
        .whereIn('creator_id', ids)
        .whereNot({ state: 'paid' })
        .count<{ n: string }[]>({ n: '*' });
      if (Number(open[0]?.n) === 0) break;
      if (Date.now() > deadline) throw new Error(`earnings still unpaid: ${open[0]?.n}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await sim.idle();
    const keys = [...sim.route.transfers.values()].map((t) =>
      Array.isArray(t.notes) ? '' : t.notes[PAYOUT_KEY_NOTE],
    );
    expect(new Set(keys).size).toBe(keys.length); // no key was paid twice at Razorpay
    const rows = await db('payout_transfers').whereIn('creator_id', ids).select('*');
    expect(rows.every((r) => r.status === 'processed')).toBe(true);
    expect(rows.length).toBe(sim.route.transfers.size);
    for (const c of creators) {
      const account = await db('linked_accounts').where({ creator_id: c.id }).first<{ account_id: string }>();
      const paidAtRazorpay = [...sim.route.transfers.values()]
        .filter((t) => t.recipient === account.account_id)
        .reduce((s, t) => s + t.amount, 0);
      const net = await db('earnings').where({ creator_id: c.id }).sum<{ s: string }[]>({ s: 'net_paise' });
      const b = await db('creator_earnings').where({ creator_id: c.id }).first<Record<string, string>>();
      expect(paidAtRazorpay).toBe(Number(net[0]?.s));
      expect(Number(b.paid_paise)).toBe(paidAtRazorpay);
    }
    console.info(
      `payout crash: ${sim.route.transfers.size} transfers at Razorpay, one per key, every earning paid once`,
    );
  }, 120_000);
});
