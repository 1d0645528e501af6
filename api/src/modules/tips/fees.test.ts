import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, percentOfPaise, platformFeePaise } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator } from '../../../test/factories.ts';
import { insertTip } from './tips.repository.ts';

const LINE = 25_000_00;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

/** The fee shabaash_insert_tip fixes for a tip of `amountPaise` to a creator whose lifetime gross is `before`. */
async function feeOf(before: number, amountPaise: number): Promise<number> {
  const { db, config } = app.deps;
  const creator = await buildCreator(db, config, { lifetimeGrossPaise: before });
  const tip = await db.transaction((tx) =>
    insertTip(tx, {
      creatorId: creator.id,
      senderId: null,
      guestName: 'fee',
      source: 'guest',
      amountPaise,
      message: '',
    }),
  );
  const row = await db('creators').where({ user_id: creator.id }).first('lifetime_gross_paise');
  expect(Number(row.lifetime_gross_paise)).toBe(before + amountPaise);
  return tip.feePaise;
}

describe('platform fee in shabaash_insert_tip (Starter 0% to ₹25,000 lifetime, Pro 2.9% above)', () => {
  it('charges nothing inside the free tier, including a tip that ends exactly on the line', async () => {
    expect(await feeOf(0, 10_000)).toBe(0);
    expect(await feeOf(LINE - 10_000, 10_000)).toBe(0);
    expect(await feeOf(LINE - 100, 100)).toBe(0);
  });

  it('charges 2.9% on every tip above the line, rounding half up to a paisa', async () => {
    expect(await feeOf(LINE, 10_000)).toBe(290);
    expect(await feeOf(LINE * 3, 100)).toBe(3); // 2.9 paise → 3
    expect(await feeOf(LINE, 1)).toBe(0); // 0.029 paise → 0
    expect(await feeOf(LINE, 50)).toBe(1); // 1.45 paise → 1
    expect(await feeOf(LINE, 1_000)).toBe(29);
  });

  it('splits a tip that crosses the line, exact to the paisa', async () => {
    // ₹24,900 before; a ₹500 tip: ₹100 free, ₹400 at 2.9% = ₹11.60
    expect(await feeOf(LINE - 10_000, 50_000)).toBe(1_160);
    // 1 paisa before the line, ₹1 tip: 99 paise at 2.9% = 2.871 → 3
    expect(await feeOf(LINE - 1, 100)).toBe(3);
    // 1 paisa over the line on a ₹1 tip: 0.029 → 0
    expect(await feeOf(LINE - 99, 100)).toBe(0);
  });

  it('rounds exactly as percentOfPaise for every amount from 1 paisa to ₹30 above the line', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config, { lifetimeGrossPaise: LINE });
    const result = await db.raw<{ rows: Array<{ p: number; fee: number }> }>(
      `select p, (shabaash_insert_tip(null, ?, null, 'g', 'guest', p, '', 'unread', null, null, ?, ?)).fee_paise as fee
       from generate_series(1, 3000) as p`,
      [creator.id, LIMITS.starterFreeTierPaise, LIMITS.proFeeBasisPoints],
    );
    const wrong = result.rows.filter(
      (r) => Number(r.fee) !== percentOfPaise(Number(r.p), LIMITS.proFeeBasisPoints),
    );
    expect(result.rows.length).toBe(3_000);
    expect(wrong).toEqual([]);
  });

  it('gives the fee the shared platformFeePaise (what "I\'ll cover the fees" grosses up by) gives', async () => {
    const cases: Array<[number, number]> = [
      [0, 10_000],
      [LINE - 50, 10_297], // a crossing tip: ₹102.47 feeable
      [LINE * 2, 10_299],
      [LINE - 10_000, 50_000],
      [LINE - 1, 100],
    ];
    for (const [before, amount] of cases)
      expect(await feeOf(before, amount), `${before} + ${amount}`).toBe(
        platformFeePaise(amount, { lifetimeGrossPaise: before }),
      );
  });

  it('takes the free tier and the basis points as parameters (nothing hard-coded in SQL)', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config, { lifetimeGrossPaise: 500 });
    const result = await db.raw<{ rows: Array<{ fee_paise: number }> }>(
      `select fee_paise from shabaash_insert_tip(null, ?, null, 'g', 'guest', 1000, '', 'unread', null, null, ?, ?)`,
      [creator.id, 1_000, 5_000],
    );
    // 500 free left of 1,000; 500 feeable at 50% = 250
    expect(Number(result.rows[0]?.fee_paise)).toBe(250);
  });
});
