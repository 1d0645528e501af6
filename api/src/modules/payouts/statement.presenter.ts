import type { PayoutStatement } from '@shabaash/shared';
import type { CsvValue } from '../../http/csv.ts';

const IST = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
/** An instant as IST wall time, e.g. `25/11/2026, 14:05:09 IST`. */
export const istTime = (d: Date) => `${IST.format(d)} IST`;

/** "Name ••1234": a payer as a statement shows them (never the whole phone number). */
export function maskedPayer(name: string | null, phone: string | null): string {
  const who = name?.trim() || 'Anonymous';
  return phone ? `${who} ••${phone.slice(-4)}` : who;
}

const rupees = (paise: number) => (paise / 100).toFixed(2);
/** Basis points as a percentage, as few decimals as it needs (1800 → `18`, 10 → `0.1`). */
const percent = (basisPoints: number) => String(basisPoints / 100);

/** The statement as CSV rows (rupees with 2 decimals): summary, one line per tip, transfers, reversals. */
export function statementCsvRows(s: PayoutStatement): CsvValue[][] {
  const t = s.totals;
  return [
    ['Shabaash payout statement', s.month, s.creator.displayName, `@${s.creator.handle}`],
    ['Opening balance', rupees(t.openingBalancePaise)],
    ['Gross tips', rupees(t.grossTipsPaise)],
    ['Platform fee (incl. GST)', rupees(t.platformFeePaise)],
    [`GST in platform fee (${percent(t.platformFeeGstBasisPoints)}%)`, rupees(t.platformFeeGstPaise)],
    ['Net tips', rupees(t.netTipsPaise)],
    ...(t.tdsWithheldPaise === null ? [] : [['TDS withheld (section 194-O)', rupees(t.tdsWithheldPaise)]]),
    ['Gateway fee', t.gatewayFeePaise === null ? 'not reported' : rupees(t.gatewayFeePaise)],
    ['Gateway tax', t.gatewayTaxPaise === null ? 'not reported' : rupees(t.gatewayTaxPaise)],
    ['Reversals', rupees(t.reversalsPaise)],
    ['Transfers paid', rupees(t.transfersPaidPaise)],
    ['Taken back by transfer reversal', rupees(t.takenBackPaise)],
    ['Closing balance', rupees(t.closingBalancePaise)],
    [],
    ['Time (IST)', 'Payment id', 'Source', 'Payer', 'Message', 'Shown live', 'Gross', 'Platform fee', 'Net'],
    ...s.tips.map((x) => [
      x.time,
      x.paymentId,
      x.source,
      x.payer,
      x.message,
      x.shownLive ? 'yes' : 'no',
      rupees(x.grossPaise),
      rupees(x.feePaise),
      rupees(x.netPaise),
    ]),
    [],
    ['Transfer', 'Razorpay transfer id', 'Amount', 'TDS withheld', 'Status', 'UTR', 'Created (IST)'],
    ...s.transfers.map((x) => [
      x.id,
      x.razorpayTransferId,
      rupees(x.amountPaise),
      x.tdsPaise === null ? '' : rupees(x.tdsPaise),
      x.status,
      x.utr,
      x.createdAt,
    ]),
    [],
    ['Reversal', 'Payment id', 'Amount', 'Reason', 'Method', 'Time (IST)'],
    ...s.reversals.map((x) => [x.id, x.paymentId, rupees(x.amountPaise), x.reason, x.method, x.createdAt]),
  ];
}
