import { LIMITS, paiseToRupees, type Analytics, type Tip } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { readCacheOf, type CachedRead } from '../sync/readCache.ts';
import { creatorSpace } from '../sync/spaces.ts';
import type { TipRecord } from '../../domain/tip.ts';
import { presentTip } from '../tips/tips.presenter.ts';
import { allTipsOfCreator, creatorTipTotals, newestTipsOfCreator } from '../tips/tips.repository.ts';

/**
 * The creator suite's analytics cards. Every figure counts ALL tips the creator ever received, deleted
 * (tombstoned) chats included, because deleting a chat moderates the text but does not undo the payment:
 * - totalTipsCount: number of tips received (wallet and guest).
 * - youtube: Super Chats and Super Stickers received and the paise they counted, apart: no money moved through
 *   Shabaash for them, so they are in none of the figures above.
 * - totalTipsAmount: their gross in rupees (what supporters paid).
 * - totalEarnings: gross − platform fee in rupees (the fee is fixed on each tip row when it is created).
 * - totalSuccessfulTopUps: successful guest checkout payments to this creator (each guest tip exists only once
 *   its payment was captured). Viewers' wallet top-ups are not tied to any creator, so this is the creator's
 *   meaningful count of money that came in through the payment gateway.
 */
export function creatorAnalytics(db: AppDeps['db'], creatorId: string): Promise<CachedRead<Analytics>> {
  // Every tip, guest ones included, bumps the creator space: the figures are cached at its version.
  return readCacheOf(db).read(db, `analytics:${creatorId}`, creatorSpace(creatorId), async () => {
    const totals = await creatorTipTotals(db, creatorId);
    return {
      totalEarnings: paiseToRupees(totals.grossPaise - totals.feePaise),
      totalSuccessfulTopUps: totals.guestPayments,
      totalTipsAmount: paiseToRupees(totals.grossPaise),
      totalTipsCount: totals.count,
      youtube: totals.youtube,
    };
  });
}

/** The creator suite's recent support list: the newest 10 non-deleted tips (phones masked to the last 4 digits). */
export function creatorRecentTips(
  db: AppDeps['db'],
  creatorId: string,
): Promise<CachedRead<{ tips: Tip[] }>> {
  return readCacheOf(db).read(db, `creatorRecent:${creatorId}`, creatorSpace(creatorId), async () => {
    const rows = await newestTipsOfCreator(db, creatorId, LIMITS.recentTipsKept);
    return { tips: rows.map((row) => presentTip(row, { includePhone: true })) };
  });
}

const CSV_HEADER = [
  'Date',
  'Name',
  'Amount (INR)',
  'Fee (INR)',
  'Earnings (INR)',
  'Message',
  'Status',
  'Payment reference',
];

function rupees(paise: number): string {
  return (paise / 100).toFixed(2);
}

function csvRow(tip: TipRecord): string[] {
  const { amountPaise: amount, feePaise: fee } = tip;
  return [
    tip.createdAt.toISOString(),
    presentTip(tip).name,
    rupees(amount),
    rupees(fee),
    rupees(amount - fee),
    tip.message,
    tip.deletedAt ? 'deleted' : tip.status,
    // Guest tips: the gateway's payment id; wallet tips: the tip id (the ledger entry's reference).
    tip.paymentId ?? tip.id,
  ];
}

/** Every tip of the creator as CSV rows, a header first; no Super Chat (its money never came through Shabaash). */
export async function tipsCsvRows(db: AppDeps['db'], creatorId: string): Promise<string[][]> {
  const rows = await allTipsOfCreator(db, creatorId);
  return [CSV_HEADER, ...rows.filter((row) => row.source !== 'youtube').map(csvRow)];
}
