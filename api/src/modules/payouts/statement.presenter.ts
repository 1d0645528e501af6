import type { PayoutStatement } from '@shabaash/shared';

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
/** A CSV cell: quoted, quotes doubled, and a leading = + - @ neutralised (spreadsheet formula injection). */
const cell = (v: string | number | boolean | null) => {
  const s = v === null ? '' : String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};
const line = (...cells: Array<string | number | boolean | null>) => cells.map(cell).join(',');

/** The statement as CSV (rupees with 2 decimals): summary, one line per tip, transfers, reversals. */
export function statementCsv(s: PayoutStatement): string {
  const t = s.totals;
  const out = [
    line('Shabaash payout statement', s.month, s.creator.displayName, `@${s.creator.handle}`),
    line('Opening balance', rupees(t.openingBalancePaise)),
    line('Gross tips', rupees(t.grossTipsPaise)),
    line('Platform fee (incl. GST)', rupees(t.platformFeePaise)),
    line('GST in platform fee (18%)', rupees(t.platformFeeGstPaise)),
    line('Net tips', rupees(t.netTipsPaise)),
    line('Gateway fee', t.gatewayFeePaise === null ? 'not reported' : rupees(t.gatewayFeePaise)),
    line('Gateway tax', t.gatewayTaxPaise === null ? 'not reported' : rupees(t.gatewayTaxPaise)),
    line('Reversals', rupees(t.reversalsPaise)),
    line('Transfers paid', rupees(t.transfersPaidPaise)),
    line('Taken back by transfer reversal', rupees(t.takenBackPaise)),
    line('Closing balance', rupees(t.closingBalancePaise)),
    '',
    line(
      'Time (IST)',
      'Payment id',
      'Source',
      'Payer',
      'Message',
      'Shown live',
      'Gross',
      'Platform fee',
      'Net',
    ),
    ...s.tips.map((x) =>
      line(
        x.time,
        x.paymentId,
        x.source,
        x.payer,
        x.message,
        x.shownLive ? 'yes' : 'no',
        rupees(x.grossPaise),
        rupees(x.feePaise),
        rupees(x.netPaise),
      ),
    ),
    '',
    line('Transfer', 'Razorpay transfer id', 'Amount', 'Status', 'UTR', 'Created (IST)'),
    ...s.transfers.map((x) =>
      line(x.id, x.razorpayTransferId, rupees(x.amountPaise), x.status, x.utr, x.createdAt),
    ),
    '',
    line('Reversal', 'Payment id', 'Amount', 'Reason', 'Method', 'Time (IST)'),
    ...s.reversals.map((x) =>
      line(x.id, x.paymentId, rupees(x.amountPaise), x.reason, x.method, x.createdAt),
    ),
  ];
  return `${out.join('\r\n')}\r\n`;
}
