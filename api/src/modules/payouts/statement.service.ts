import { gstOfFeePaise, type PayoutStatement } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import { findCreatorByUserId } from '../creators/creators.repository.ts';
import { istTime, maskedPayer } from './statement.presenter.ts';
import {
  movementSums,
  statementReversals,
  statementTips,
  statementTransfers,
} from './statement.repository.ts';

export { statementCsvRows } from './statement.presenter.ts';

/** The instants an IST calendar month `YYYY-MM` starts and ends. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const from = new Date(`${month}-01T00:00:00+05:30`);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from, to: new Date(`${next}-01T00:00:00+05:30`) };
}

/**
 * A creator's statement for one IST month, from the ledger: closing = opening + net tips − reversals −
 * transfers paid + transfer reversals taken back − 194-O TDS withheld, where a balance is what Shabaash holds for
 * the creator (pending + available + in transit − debt). GST inside the fee at PLATFORM_FEE_GST_RATE.
 */
export async function statementFor(
  deps: AppDeps,
  creatorId: string,
  month: string,
): Promise<PayoutStatement> {
  const creator = await findCreatorByUserId(deps.db, creatorId);
  if (!creator) throw notFound('Creator');
  const { from, to } = monthBounds(month);
  const [before, during, tips, transfers, reversals] = await Promise.all([
    movementSums(deps.db, creatorId, null, from),
    movementSums(deps.db, creatorId, from, to),
    statementTips(deps.db, creatorId, from, to),
    statementTransfers(deps.db, creatorId, from, to),
    statementReversals(deps.db, creatorId, from, to),
  ]);
  const held = (s: typeof before) => s.net_tips - s.reversals - s.paid + s.taken_back - s.tds;
  const gstBasisPoints = deps.config.legal.platformFeeGstBasisPoints;
  const opening = held(before);
  const gross = tips.reduce((s, t) => s + Number(t.gross_paise), 0);
  const fee = tips.reduce((s, t) => s + Number(t.fee_paise), 0);
  const reported = tips.filter((t) => t.gateway_fee_paise !== null);
  return {
    month,
    creator: { handle: creator.handle, displayName: creator.displayName },
    totals: {
      grossTipsPaise: gross,
      platformFeePaise: fee,
      platformFeeGstPaise: gstOfFeePaise(fee, gstBasisPoints),
      platformFeeGstBasisPoints: gstBasisPoints,
      netTipsPaise: during.net_tips,
      tdsWithheldPaise: deps.config.legal.tds194o || during.tds !== 0 ? during.tds : null,
      gatewayFeePaise:
        reported.length > 0 ? reported.reduce((x, t) => x + Number(t.gateway_fee_paise), 0) : null,
      gatewayTaxPaise:
        reported.length > 0 ? reported.reduce((x, t) => x + Number(t.gateway_tax_paise ?? 0), 0) : null,
      reversalsPaise: during.reversals,
      transfersPaidPaise: during.paid,
      takenBackPaise: during.taken_back,
      openingBalancePaise: opening,
      closingBalancePaise: opening + held(during),
    },
    tips: tips.map((t) => ({
      time: istTime(t.created_at),
      paymentId: t.payment_id ?? t.tip_id,
      source: t.source,
      payer: maskedPayer(t.payer_name, t.payer_phone),
      message: t.message,
      shownLive: t.status === 'read',
      grossPaise: Number(t.gross_paise),
      feePaise: Number(t.fee_paise),
      netPaise: Number(t.net_paise),
    })),
    transfers: transfers.map((t) => ({
      id: t.id,
      razorpayTransferId: t.razorpay_transfer_id,
      amountPaise: Number(t.amount_paise),
      status: t.status,
      utr: t.utr,
      createdAt: istTime(t.created_at),
      tdsPaise: t.tds_paise === null ? null : Number(t.tds_paise),
    })),
    reversals: reversals.map((r) => ({
      id: r.id,
      paymentId: r.payment_id,
      amountPaise: Number(r.amount_paise),
      reason: r.reason,
      method: r.method,
      createdAt: istTime(r.created_at),
    })),
  };
}
