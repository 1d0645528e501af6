import type { Executor } from '../../db/knex.ts';
import type { PanKind } from './tds.ts';

/**
 * What is left of an earning's gross (paise) after its reversals: a lost dispute (or a whole reversal from before
 * partial refunds) took it all; refunds took the payment's refunded total, never more than the gross.
 */
const REMAINING_GROSS = `e.gross_paise - coalesce((
    select case when count(*) = 0 then 0
                when bool_or(r.refund_paise is null) then e.gross_paise
                else least(e.gross_paise, max(r.refund_paise)) end
      from payout_reversals r where r.earning_id = e.id), 0)`;

/** The gross (net of reversals) of some earnings: what a payout of them pays or credits for 194-O. */
export async function remainingGrossOf(db: Executor, earningIds: string[]): Promise<number> {
  if (earningIds.length === 0) return 0;
  const r = await db.raw<{ rows: Array<{ s: string | null }> }>(
    `select sum(${REMAINING_GROSS}) as s from earnings e where e.id = any(?::uuid[])`,
    [earningIds],
  );
  return Number(r.rows[0]?.s ?? 0);
}

/**
 * A creator's financial year so far: the gross (net of reversals) of the earnings carried by the year's transfers
 * that did not fail, and the TDS those transfers and the year's reversals withheld (net of what was given back).
 */
export async function tdsYearOf(
  db: Executor,
  creatorId: string,
  financialYear: number,
): Promise<{ grossPaise: number; withheldPaise: number }> {
  const r = await db.raw<{ rows: Array<{ gross: string | null; withheld: string | null }> }>(
    `select (select sum(${REMAINING_GROSS})
               from tds_deductions d
               join payout_transfers t on t.id = d.transfer_id and t.status <> 'failed'
               join earnings e on e.transfer_id = t.id
              where d.creator_id = :c and d.financial_year = :y) as gross,
            (select sum(d.tds_paise)
               from tds_deductions d
               left join payout_transfers t on t.id = d.transfer_id
              where d.creator_id = :c and d.financial_year = :y
                and (d.transfer_id is null or t.status <> 'failed')) as withheld`,
    { c: creatorId, y: financialYear },
  );
  return { grossPaise: Number(r.rows[0]?.gross ?? 0), withheldPaise: Number(r.rows[0]?.withheld ?? 0) };
}

export interface TdsDeductionRow {
  id: string;
  creator_id: string;
  transfer_id: string | null;
  reversal_id: string | null;
  financial_year: number;
  gross_paise: number;
  tds_paise: number;
  rate_basis_points: number;
  pan_kind: PanKind;
  year_gross_paise: number;
  year_tds_paise: number;
  created_at: Date;
}

/** Records a payout's (or a reversal's) deduction; false when that transfer or reversal has one already. */
export async function insertTdsDeduction(
  tx: Executor,
  row: Omit<TdsDeductionRow, 'id' | 'created_at'>,
): Promise<boolean> {
  const inserted = await tx('tds_deductions')
    .insert(row)
    .onConflict(row.transfer_id ? 'transfer_id' : 'reversal_id')
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

/** The deduction recorded with a transfer, if any. */
export async function tdsOfTransfer(db: Executor, transferId: string): Promise<TdsDeductionRow | undefined> {
  return db('tds_deductions').where({ transfer_id: transferId }).first<TdsDeductionRow | undefined>();
}

/**
 * The kind of PAN the creator furnished (read for the rate; the PAN itself leaves this table only for the Form
 * 26Q / 16A export).
 */
export async function panOf(db: Executor, creatorId: string): Promise<string | null> {
  const row = await db('payout_tax_ids')
    .where({ creator_id: creatorId })
    .first<{ pan: string } | undefined>('pan');
  return row?.pan ?? null;
}

/** Keeps the PAN the creator furnished at onboarding (after its linked_accounts row exists). */
export async function savePan(db: Executor, creatorId: string, pan: string): Promise<void> {
  await db('payout_tax_ids')
    .insert({ creator_id: creatorId, pan })
    .onConflict('creator_id')
    .merge({ pan, updated_at: db.fn.now() });
}
