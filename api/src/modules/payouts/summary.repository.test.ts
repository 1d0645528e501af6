/** payouts/summary.repository.ts: each creator's own summary, creators asked at once sharing a statement. */
import { describe, expect, it } from 'vitest';
import { LIMITS, type PayoutSummary } from '@shabaash/shared';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator, creatorAndViewer } from '../../../test/factories.ts';
import { walletTip } from '../../../test/payouts.ts';
import { getPayoutSummary } from './payouts.service.ts';

const app = await createTestApp();
const { db, config } = app.deps;

describe('payout summaries in one statement', () => {
  it('three creators asked at once get their own figures from two statements, not twenty-one', async () => {
    const { creator: tipped, viewer } = await creatorAndViewer(app.deps, 100_000);
    await walletTip(app, viewer.token, tipped.handle, 100);
    await walletTip(app, viewer.token, tipped.handle, 50);
    const pro = await buildCreator(db, config, { lifetimeGrossPaise: LIMITS.starterFreeTierPaise + 1 });
    const fresh = await buildCreator(db, config);

    const statements: string[] = [];
    const count = (q: { sql: string }) => statements.push(q.sql);
    db.on('query', count);
    let summaries: PayoutSummary[];
    try {
      summaries = await Promise.all([tipped, pro, fresh].map((c) => getPayoutSummary(app.deps, c.id)));
    } finally {
      db.off('query', count);
    }
    // The first goes at once, alone; the two asked meanwhile go together when it returns (db/coalesce.ts).
    expect(statements).toHaveLength(2);
    const [a, b, c] = summaries;
    // ₹150 of wallet tips, as the earnings row has them.
    const row = await db('creator_earnings').where({ creator_id: tipped.id }).first();
    expect(a?.balances).toMatchObject({
      earnedPaise: 15_000,
      feesPaise: Number(row.fees_paise),
      pendingPaise: Number(row.pending_paise),
    });
    expect(a!.balances.pendingPaise).toBeGreaterThan(0);
    expect(a?.plan).toBe('starter');
    expect(a?.version).toBeGreaterThan(0);
    expect(b).toMatchObject({ plan: 'pro', version: 0, onboarding: null, transfers: [], reversals: [] });
    expect(b?.balances.earnedPaise).toBe(0);
    expect(c).toMatchObject({ plan: 'starter', version: 0 });
    // The same summary as one asked alone.
    expect(await getPayoutSummary(app.deps, tipped.id)).toEqual(a);
  });
});
