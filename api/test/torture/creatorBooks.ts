import { expect } from 'vitest';
import { LIMITS, percentOfPaise } from '@shabaash/shared';
import type { TestApp } from '../harness.ts';
import type { BuiltCreator } from '../factories.ts';

// The creator's side of the money invariants, the same in both wallet modes (money.property.test.ts for wallet
// tips, checkoutMoney.property.test.ts for tips paid through Checkout).

/** The fee rule as the oracle: 0% up to the Starter line, Pro basis points above. */
export const platformFeePaise = (grossBeforePaise: number, amountPaise: number) =>
  percentOfPaise(
    Math.max(0, amountPaise - Math.max(0, LIMITS.starterFreeTierPaise - grossBeforePaise)),
    LIMITS.proFeeBasisPoints,
  );

/**
 * A creator's books: its tips are exactly `expectedTipIds`; each tip's fee is the oracle's in commit order from
 * `startGrossPaise`; the lifetime gross is the start plus every tip; analytics agree (earnings + fees = gross).
 */
export async function expectCreatorBooks(
  app: TestApp,
  creator: BuiltCreator,
  startGrossPaise: number,
  expectedTipIds: string[],
): Promise<void> {
  const { db } = app.deps;
  const rows = await db('tips')
    .where({ creator_id: creator.id })
    .orderBy('version', 'asc')
    .select<Array<{ id: string; amount_paise: string; fee_paise: string }>>(
      'id',
      'amount_paise',
      'fee_paise',
    );
  expect(rows.map((r) => r.id).sort()).toEqual([...expectedTipIds].sort());
  let gross = startGrossPaise;
  let feeSum = 0;
  let amountSum = 0;
  for (const row of rows) {
    const amount = Number(row.amount_paise);
    expect(Number(row.fee_paise)).toBe(platformFeePaise(gross, amount));
    gross += amount;
    feeSum += Number(row.fee_paise);
    amountSum += amount;
  }
  const profile = await db('creators')
    .where({ user_id: creator.id })
    .first<{ lifetime_gross_paise: string }>('lifetime_gross_paise');
  expect(Number(profile.lifetime_gross_paise)).toBe(gross);
  const analytics = await app.request<{
    totalEarnings: number;
    totalTipsAmount: number;
    totalTipsCount: number;
  }>('GET', '/api/creator/analytics', { token: creator.token });
  expect(analytics.status).toBe(200);
  expect(analytics.body.totalTipsCount).toBe(expectedTipIds.length);
  expect(Math.round(analytics.body.totalTipsAmount * 100)).toBe(amountSum);
  expect(Math.round(analytics.body.totalEarnings * 100) + feeSum).toBe(amountSum);
}
