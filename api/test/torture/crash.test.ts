/**
 * Crash torture: the product runs as its own process (`node --import tsx api/src/main.ts`, embedded
 * PostgreSQL in DATA_DIR). A load of wallet tip sends with unique Idempotency-Keys is fired at it and the API
 * process is killed with SIGKILL in the middle. The product is restarted on the same DATA_DIR and:
 * every send the client saw acknowledged exists exactly once (by its tip id), every unacknowledged one exists
 * once or not at all, replaying every send with its key answers 200 with one tip each, and the ledger holds.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { percentOfPaise } from '@shabaash/shared';
import { killLeftoverPostgres, productExited, startProduct, stopCrashProducts } from '../product.ts';
import { crashTestProduct } from './crashProduct.ts';
import { createDb, type Db } from '../../src/db/knex.ts';
import { creatorAndViewer, ledgerMismatches, type BuiltCreator, type BuiltUser } from '../factories.ts';

const SENDS = 300;
const CONCURRENCY = 20;
const KILL_AFTER_ACKS = 60;
const START_BALANCE_PAISE = 10_000_000;

const { dataDir, env, databaseUrl, config, products } = await crashTestProduct('crash', {
  SANDBOX_SEED: 'true',
});

interface Send {
  key: string;
  amountPaise: number;
  sent: boolean;
  /** Tip id of a 200 the client received; null when it saw no answer (or a non-200). */
  ackedTipId: string | null;
  status: number | 'network error' | null;
}

let db: Db | null = null;
let viewer: BuiltUser;
let creator: BuiltCreator;
const sends: Send[] = Array.from({ length: SENDS }, (_, i) => ({
  key: `crash-${process.pid}-${i}`,
  amountPaise: 100 + ((i * 7919) % 2000),
  sent: false,
  ackedTipId: null,
  status: null,
}));

afterAll(async () => {
  await db?.destroy();
  await stopCrashProducts(products, dataDir);
}, 60_000);

async function sendTip(
  url: string,
  s: Send,
): Promise<{ status: number; body: { tip?: { id: string } }; replayed: boolean }> {
  const res = await fetch(`${url}/api/tips/send`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${viewer.token}`,
      'Idempotency-Key': s.key,
    },
    body: JSON.stringify({ amount: s.amountPaise / 100, message: `crash ${s.key}`, creator: creator.handle }),
  });
  const body = (await res.json()) as { tip?: { id: string } };
  return { status: res.status, body, replayed: res.headers.get('idempotent-replayed') === 'true' };
}

describe.sequential('kill -9 in the middle of a load of tip sends', () => {
  it('starts the product and its users', async () => {
    products.push(await startProduct(env));
    db = createDb(databaseUrl, 4);
    ({ creator, viewer } = await creatorAndViewer({ db, config }, START_BALANCE_PAISE));
    // The seeded demo viewer exists too (SANDBOX_SEED): the process is the real `npm start`.
    expect(await db('users').where({ phone: '9000000002' }).first()).toBeTruthy();
  }, 180_000);

  it('SIGKILLs the API mid-load', async () => {
    const product = products[0]!;
    await db!.destroy(); // no pool of ours across the crash
    db = null;
    let acks = 0;
    let killed = false;
    let next = 0;
    const worker = async () => {
      while (!killed && next < SENDS) {
        const s = sends[next++]!;
        s.sent = true;
        try {
          const res = await sendTip(product.url, s);
          s.status = res.status;
          if (res.status === 200 && res.body.tip?.id) {
            s.ackedTipId = res.body.tip.id;
            if (++acks >= KILL_AFTER_ACKS && !killed) {
              killed = true;
              process.kill(product.process.pid!, 'SIGKILL');
            }
          }
        } catch {
          s.status = 'network error';
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await productExited(product);
    expect(product.process.signalCode).toBe('SIGKILL');
    const sent = sends.filter((s) => s.sent);
    expect(sent.filter((s) => s.ackedTipId).length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(sent.some((s) => s.status === 'network error')).toBe(true); // requests really were in flight
    expect(sent.every((s) => s.status === 200 || s.status === 'network error')).toBe(true);
  }, 60_000);

  it('restarts on the same DATA_DIR with every acknowledged tip exactly once and the rest at most once', async () => {
    await killLeftoverPostgres(dataDir);
    products.push(await startProduct(env));
    db = createDb(databaseUrl, 4);
    const sent = sends.filter((s) => s.sent);
    const keyRows = await db('idempotency_keys')
      .where({ user_id: viewer.id })
      .select<Array<{ key: string; status_code: number; response: { tip?: { id: string } } }>>(
        'key',
        'status_code',
        'response',
      );
    const stored = new Map(keyRows.map((r) => [r.key, r]));
    const tips = await db('tips')
      .where({ creator_id: creator.id })
      .select<Array<{ id: string; amount_paise: string }>>('id', 'amount_paise');
    const tipIds = new Set(tips.map((t) => t.id));
    expect(tipIds.size).toBe(tips.length);

    for (const s of sent.filter((x) => x.ackedTipId)) {
      expect(tipIds.has(s.ackedTipId!)).toBe(true);
      expect(stored.get(s.key)?.response.tip?.id).toBe(s.ackedTipId);
    }
    // Every committed tip belongs to exactly one key (no orphan tip, no key with two tips).
    const committedKeys = keyRows.filter((r) => r.status_code === 200);
    expect(committedKeys.length).toBe(tips.length);
    expect(new Set(committedKeys.map((r) => r.response.tip?.id))).toEqual(tipIds);
    // No key was left half-claimed (claim and response commit together).
    expect(keyRows.filter((r) => r.status_code === 0)).toEqual([]);
    expect(await ledgerMismatches(db)).toEqual([]);
    // The sends were group-committed: tips share transactions, so the kill fell on batches in flight.
    const perTransaction = await db.raw<{ rows: Array<{ n: number }> }>(
      'select count(*)::int as n from tips where creator_id = ? group by xmin::text',
      [creator.id],
    );
    expect(Math.max(...perTransaction.rows.map((r) => r.n))).toBeGreaterThan(1);
    const acked = sent.filter((s) => s.ackedTipId).length;
    const unackedCommitted = sent.filter((s) => !s.ackedTipId && stored.has(s.key)).length;
    console.info(
      `crash: ${sent.length} sent, ${acked} acknowledged, ${sent.length - acked} unacknowledged (${unackedCommitted} of them committed before the kill)`,
    );
  }, 180_000);

  it('replays every send with its key: one tip per send, acknowledged ones replayed unchanged', async () => {
    const url = products[1]!.url;
    const sent = sends.filter((s) => s.sent);
    const before = new Set(
      (
        await db!('idempotency_keys')
          .where({ user_id: viewer.id, status_code: 200 })
          .select<Array<{ key: string }>>('key')
      ).map((r) => r.key),
    );
    const tipIdByKey = new Map<string, string>();
    for (let i = 0; i < sent.length; i += 8) {
      await Promise.all(
        sent.slice(i, i + 8).map(async (s) => {
          const res = await sendTip(url, s);
          expect(res.status).toBe(200);
          expect(res.replayed).toBe(before.has(s.key));
          if (s.ackedTipId) expect(res.body.tip?.id).toBe(s.ackedTipId);
          tipIdByKey.set(s.key, res.body.tip!.id);
        }),
      );
    }
    const tips = await db!('tips')
      .where({ creator_id: creator.id })
      .select<Array<{ id: string; amount_paise: string }>>('id', 'amount_paise');
    expect(tips.length).toBe(sent.length);
    expect(new Set(tips.map((t) => t.id))).toEqual(new Set(tipIdByKey.values()));
    const expectedBalance = sent.reduce(
      (b, s) => b - s.amountPaise + percentOfPaise(s.amountPaise, config.CASHBACK_BASIS_POINTS),
      START_BALANCE_PAISE,
    );
    const wallet = await db!('wallets')
      .where({ user_id: viewer.id })
      .first<{ balance_paise: string }>('balance_paise');
    expect(Number(wallet.balance_paise)).toBe(expectedBalance);
    expect(await ledgerMismatches(db!)).toEqual([]);
    const gross = await db!('creators')
      .where({ user_id: creator.id })
      .first<{ lifetime_gross_paise: string }>('lifetime_gross_paise');
    expect(Number(gross.lifetime_gross_paise)).toBe(sent.reduce((sum, s) => sum + s.amountPaise, 0));
  }, 60_000);
});
