import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Tip } from '@shabaash/shared';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator, buildUser, ledgerMismatches } from '../../../test/factories.ts';
import { balanceOf } from '../wallet/wallet.repository.ts';

// Without cashback, so the wallet's balance moves by the debit alone.
const app = await createTestApp({ env: { CASHBACK_BASIS_POINTS: '0' } });
const { db, config } = app.deps;

const send = (token: string, body: unknown, key: string) =>
  app.request<{ tip: Tip; balancePaise: number }>('POST', '/api/tips/send', {
    token,
    body,
    headers: { 'Idempotency-Key': key },
  });

describe('a wallet tip with "I\'ll cover the fees"', () => {
  it('debits ₹102.99 for ₹100 to a Pro creator (2.9%): the creator nets ₹100.00, the tip is marked, a replay moves nothing', async () => {
    const creator = await buildCreator(db, config, { lifetimeGrossPaise: 30_000_00 });
    const viewer = await buildUser(db, config, { balancePaise: 500_00 });
    const key = randomUUID();
    const body = { amount: 100, message: 'covered', creator: creator.handle, coverFees: true };
    const res = await send(viewer.token, body, key);
    expect(res.status).toBe(200);
    expect(res.body.tip).toMatchObject({ amountPaise: 102_99, feesCovered: true });
    expect(res.body.balancePaise).toBe(500_00 - 102_99);

    const tip = await db('tips').where({ id: res.body.tip.id }).first();
    expect(tip).toMatchObject({ amount_paise: 102_99, fee_paise: 2_99, fees_covered: true });
    expect(Number((await db('earnings').where({ tip_id: tip.id }).first()).net_paise)).toBe(100_00);

    // The same key again: the first answer, no second debit (the fingerprint names the amount chosen and the box).
    const again = await send(viewer.token, body, key);
    expect(again.body.tip.id).toBe(res.body.tip.id);
    expect(await balanceOf(db, viewer.id)).toBe(500_00 - 102_99);
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it('debits the amount alone without the box, and for a Starter creator inside the free tier', async () => {
    const pro = await buildCreator(db, config, { lifetimeGrossPaise: 30_000_00 });
    const starter = await buildCreator(db, config, { lifetimeGrossPaise: 0 });
    const viewer = await buildUser(db, config, { balancePaise: 500_00 });
    const plain = await send(viewer.token, { amount: 100, message: '', creator: pro.handle }, randomUUID());
    expect(plain.body.tip.amountPaise).toBe(100_00);
    expect(plain.body.tip).not.toHaveProperty('feesCovered');
    const free = await send(
      viewer.token,
      { amount: 100, message: '', creator: starter.handle, coverFees: true },
      randomUUID(),
    );
    expect(free.body.tip).toMatchObject({ amountPaise: 100_00, feesCovered: true });
  });
});
