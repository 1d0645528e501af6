import type { Executor } from '../../db/knex.ts';

/**
 * One 194-O deduction with its deductee, for Form 26Q and 16A. The only read of a creator's whole PAN
 * (`payout_tax_ids`) that leaves the database: these rows go into the operator's export and nowhere else.
 */
export interface TdsExportRow {
  id: string;
  creator_id: string;
  handle: string | null;
  legal_name: string | null;
  pan: string | null;
  transfer_id: string | null;
  reversal_id: string | null;
  razorpay_transfer_id: string | null;
  financial_year: number;
  gross_paise: number;
  tds_paise: number;
  rate_basis_points: number;
  pan_kind: 'individual' | 'other' | 'none';
  created_at: Date;
}

/**
 * The deductions recorded in [from, to) (of transfers that did not fail, and reversals' give-backs), oldest first;
 * one creator's when `creatorId` is given.
 */
export async function tdsDeductionsBetween(
  db: Executor,
  range: { from: Date; to: Date; creatorId?: string },
): Promise<TdsExportRow[]> {
  return db('tds_deductions as d')
    .leftJoin('payout_transfers as t', 't.id', 'd.transfer_id')
    .leftJoin('linked_accounts as a', 'a.creator_id', 'd.creator_id')
    .leftJoin('payout_tax_ids as p', 'p.creator_id', 'd.creator_id')
    .leftJoin('creators as c', 'c.user_id', 'd.creator_id')
    .where('d.created_at', '>=', range.from)
    .where('d.created_at', '<', range.to)
    .where((q) => q.whereNull('d.transfer_id').orWhereNot('t.status', 'failed'))
    .modify((q) => {
      if (range.creatorId) q.where('d.creator_id', range.creatorId);
    })
    .orderBy([
      { column: 'd.created_at', order: 'asc' },
      { column: 'd.id', order: 'asc' },
    ])
    .select<TdsExportRow[]>(
      'd.id',
      'd.creator_id',
      'c.handle',
      'a.legal_name',
      'p.pan',
      'd.transfer_id',
      'd.reversal_id',
      't.razorpay_transfer_id',
      'd.financial_year',
      'd.gross_paise',
      'd.tds_paise',
      'd.rate_basis_points',
      'd.pan_kind',
      'd.created_at',
    );
}
