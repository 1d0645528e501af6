import { describe, expect, it } from 'vitest';
import type { Analytics, PayoutStatement, PayoutSummary } from '@shabaash/shared';
import { buildCreator, seedGuestTip } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { connectChannel, superChat } from '../../../test/youtube.ts';
import { AppError } from '../../http/errors.ts';
import { opsTipDetail } from '../ops/tipRefunds.service.ts';
import { ingestYouTubeEvents } from './ingest.ts';

const { app } = await createPaymentsTestApp();
const db = app.deps.db;

/** This IST calendar month, as the statement takes it. */
const thisMonth = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);

describe('no money moves for a Super Chat', () => {
  it('a Super Chat never appears in wallets, payouts, statements or fees', async () => {
    const creator = await buildCreator(db, app.deps.config);
    const channelId = await connectChannel(db, creator.id);
    await seedGuestTip(db, creator.id, { amountPaise: 10_000 });
    await ingestYouTubeEvents(app.deps, { creatorId: creator.id, channelId }, [
      superChat({ amountMicros: 500_000_000, displayAmount: '₹500.00' }),
    ]);
    const yt = await db('tips')
      .where({ creator_id: creator.id, source: 'youtube' })
      .first<{ id: string }>('id');
    expect(yt).toBeDefined();

    // Payouts: only the guest tip was earned.
    const payouts = await app.request<PayoutSummary>('GET', '/api/creator/payouts', { token: creator.token });
    expect(payouts.status).toBe(200);
    expect(payouts.body.balances).toMatchObject({ earnedPaise: 10_000 });
    expect(await db('earnings').where({ tip_id: yt!.id })).toHaveLength(0);
    expect(await db('earning_movements').where({ reference: yt!.id })).toHaveLength(0);
    // Statements: the month lists the guest tip alone.
    const statement = await app.request<PayoutStatement>(
      'GET',
      `/api/creator/payouts/statement?month=${thisMonth()}`,
      { token: creator.token },
    );
    expect(statement.status).toBe(200);
    expect(statement.body.tips).toHaveLength(1);
    expect(statement.body.totals.grossTipsPaise).toBe(10_000);
    // Fees: the Super Chat takes none and does not use up the creator's free tier.
    const row = await db('creators').where({ user_id: creator.id }).first<{ lifetime_gross_paise: string }>();
    expect(Number(row?.lifetime_gross_paise)).toBe(10_000);
    expect(Number((await db('tips').where({ id: yt!.id }).first('fee_paise')).fee_paise)).toBe(0);
    // Wallets: no ledger row names it.
    expect(await db('wallet_transactions').where({ reference: yt!.id })).toHaveLength(0);
    // Analytics: Shabaash money apart from what YouTube counted.
    const analytics = await app.request<Analytics>('GET', '/api/creator/analytics', { token: creator.token });
    expect(analytics.body).toMatchObject({
      totalTipsAmount: 100,
      totalTipsCount: 1,
      youtube: { count: 1, countedPaise: 50_000 },
    });
    // Operators: nothing to show or refund.
    await expect(opsTipDetail(db, yt!.id)).rejects.toThrow(AppError);
    await expect(opsTipDetail(db, yt!.id)).rejects.toMatchObject({ status: 409 });
  });
});
