import type { Tds194oSettings } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';
import { moveEarning } from './earnings.repository.ts';
import {
  financialYearOf,
  panKindOf,
  payoutDeduction,
  reversalGiveBack,
  type PayoutDeduction,
} from './tds.ts';
import { insertTdsDeduction, panOf, remainingGrossOf, tdsOfTransfer, tdsYearOf } from './tds.repository.ts';

/**
 * 194-O TDS in the earnings ledger: its own holding (`creator_earnings.tds_paise`), moved only with a row of
 * `tds_deductions` in the same transaction. Every step is keyed by a transfer or a reversal, so it applies once.
 */

/** A payout's deduction, computed inside its claim (under the creator's balances lock). */
export interface ClaimDeduction extends PayoutDeduction {
  financialYear: number;
  grossPaise: number;
  panKind: ReturnType<typeof panKindOf>;
}

/**
 * The deduction on a transfer of `earningIds` that carries `carriesPaise` (before TDS): from the year's gross
 * and withheld so far. Null when no TDS is configured.
 */
export async function deductionForClaim(
  tx: Executor,
  settings: Tds194oSettings | null,
  p: { creatorId: string; earningIds: string[]; carriesPaise: number; minTransferPaise: number; now: Date },
): Promise<ClaimDeduction | null> {
  if (!settings) return null;
  const financialYear = financialYearOf(p.now);
  const panKind = panKindOf(await panOf(tx, p.creatorId));
  const [year, grossPaise] = await Promise.all([
    tdsYearOf(tx, p.creatorId, financialYear),
    remainingGrossOf(tx, p.earningIds),
  ]);
  const d = payoutDeduction(settings, panKind, {
    yearGrossBeforePaise: year.grossPaise,
    grossPaise,
    withheldBeforePaise: year.withheldPaise,
    maxDeductPaise: p.carriesPaise - p.minTransferPaise,
  });
  return { ...d, financialYear, grossPaise, panKind };
}

/**
 * Records a claimed transfer's deduction and moves it: available → tds (a deduction), or tds → available (an
 * earlier excess given back, which the transfer then carries). Once per transfer.
 */
export async function recordClaimDeduction(
  tx: Executor,
  creatorId: string,
  transferId: string,
  d: ClaimDeduction,
): Promise<void> {
  const fresh = await insertTdsDeduction(tx, {
    creator_id: creatorId,
    transfer_id: transferId,
    reversal_id: null,
    financial_year: d.financialYear,
    gross_paise: d.grossPaise,
    tds_paise: d.deductPaise,
    rate_basis_points: d.rateBasisPoints,
    pan_kind: d.panKind,
    year_gross_paise: d.yearGrossPaise,
    year_tds_paise: d.yearDeductionPaise,
  });
  if (!fresh) return;
  const back = d.deductPaise < 0;
  await moveEarning(tx, {
    creatorId,
    kind: back ? 'tds_given_back' : 'tds',
    from: back ? 'tds' : 'available',
    to: back ? 'available' : 'tds',
    amountPaise: Math.abs(d.deductPaise),
    transferId,
    reference: transferId,
  });
}

/**
 * A failed transfer's deduction is undone with its earnings: what it deducted returns to available (what it gave
 * back returns to the holding). Its `tds_deductions` row stops counting once the transfer is failed.
 */
export async function undoTransferDeduction(
  tx: Executor,
  creatorId: string,
  transferId: string,
): Promise<void> {
  const row = await tdsOfTransfer(tx, transferId);
  const tds = Number(row?.tds_paise ?? 0);
  if (tds === 0) return;
  await moveEarning(tx, {
    creatorId,
    kind: 'tds_undone',
    from: tds > 0 ? 'tds' : 'available',
    to: tds > 0 ? 'available' : 'tds',
    amountPaise: Math.abs(tds),
    transferId,
    reference: transferId,
  });
}

/**
 * The part of a reversal of a PAID earning that comes back out of the TDS holding: the year's deduction (the year
 * of the earning's transfer, when it is the current one) recomputed on the year's gross without the reversed
 * part; the excess goes to `reversed` instead of being taken back from the creator. Call after the reversal's row
 * is written (the year's gross reads it). Returns the paise given back.
 */
export async function giveBackOnReversal(
  tx: Executor,
  settings: Tds194oSettings | null,
  r: {
    creatorId: string;
    transferId: string;
    reversalId: string;
    earningId: string;
    /** The reversal's net share (paise): never more than this comes back. */
    amountPaise: number;
    /** The gross the reversal took back (paise), for the deduction's record. */
    grossBackPaise: number;
    now: Date;
  },
): Promise<number> {
  if (!settings) return 0;
  const paidWith = await tdsOfTransfer(tx, r.transferId);
  const financialYear = financialYearOf(r.now);
  if (!paidWith || paidWith.financial_year !== financialYear) return 0;
  const panKind = panKindOf(await panOf(tx, r.creatorId));
  const year = await tdsYearOf(tx, r.creatorId, financialYear);
  const back = reversalGiveBack(settings, panKind, {
    yearGrossAfterPaise: year.grossPaise,
    withheldPaise: year.withheldPaise,
    reversalPaise: r.amountPaise,
  });
  if (back <= 0) return 0;
  await insertTdsDeduction(tx, {
    creator_id: r.creatorId,
    transfer_id: null,
    reversal_id: r.reversalId,
    financial_year: financialYear,
    gross_paise: -r.grossBackPaise,
    tds_paise: -back,
    rate_basis_points: paidWith.rate_basis_points,
    pan_kind: panKind,
    year_gross_paise: year.grossPaise,
    year_tds_paise: year.withheldPaise - back,
  });
  await moveEarning(tx, {
    creatorId: r.creatorId,
    kind: 'tds_given_back',
    from: 'tds',
    to: 'reversed',
    amountPaise: back,
    earningId: r.earningId,
    reference: r.reversalId,
  });
  return back;
}
