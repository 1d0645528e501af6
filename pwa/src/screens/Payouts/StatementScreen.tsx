import { Link, useParams } from 'react-router-dom';
import { formatPaise } from '@shabaash/shared';
import { FormStatus } from '../../components/FormStatus.tsx';
import { usePayoutStatement } from '../../hooks/usePayouts.ts';
import './payouts.css';

/** /creator/payouts/statement/:month — the monthly statement as a page that prints cleanly to PDF. */
export function StatementScreen() {
  const month = useParams().month ?? '';
  const statement = usePayoutStatement(month);
  if (statement.isPending) return <p className="page container muted">Loading statement…</p>;
  if (statement.isError || !statement.data)
    return (
      <div className="page container">
        <FormStatus error="Unable to load this statement." />
      </div>
    );
  const s = statement.data;
  const t = s.totals;
  const rows: Array<[string, string]> = [
    ['Opening balance', formatPaise(t.openingBalancePaise)],
    ['Gross tips', formatPaise(t.grossTipsPaise)],
    ['Platform fee (incl. GST)', formatPaise(t.platformFeePaise)],
    ['GST in platform fee (18%)', formatPaise(t.platformFeeGstPaise)],
    ['Net tips', formatPaise(t.netTipsPaise)],
    ['Gateway fee', t.gatewayFeePaise === null ? 'Not reported' : formatPaise(t.gatewayFeePaise)],
    ['Gateway tax', t.gatewayTaxPaise === null ? 'Not reported' : formatPaise(t.gatewayTaxPaise)],
    ['Reversals', formatPaise(t.reversalsPaise)],
    ['Transfers paid', formatPaise(t.transfersPaidPaise)],
    ['Taken back by transfer reversal', formatPaise(t.takenBackPaise)],
    ['Closing balance', formatPaise(t.closingBalancePaise)],
  ];
  return (
    <article className="page container statement">
      <header className="statement-head">
        <h1 className="page-title">Statement {s.month}</h1>
        <p>
          {s.creator.displayName} (@{s.creator.handle})
        </p>
        <div className="button-row no-print">
          <button type="button" className="button button-primary" onClick={() => window.print()}>
            Print or save as PDF
          </button>
          <Link className="button button-secondary" to="/creator/payouts">
            Back to payouts
          </Link>
        </div>
      </header>
      <table className="po-table" aria-label="Summary">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td data-testid={`statement-${label}`}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Tips</h2>
      {s.tips.length === 0 ? <p className="muted">No tips this month.</p> : null}
      <table className="po-table" aria-label="Tips">
        <thead>
          <tr>
            <th scope="col">Time (IST)</th>
            <th scope="col">Payment id</th>
            <th scope="col">Source</th>
            <th scope="col">Payer</th>
            <th scope="col">Message</th>
            <th scope="col">Shown live</th>
            <th scope="col">Gross</th>
            <th scope="col">Fee</th>
            <th scope="col">Net</th>
          </tr>
        </thead>
        <tbody>
          {s.tips.map((tip) => (
            <tr key={tip.paymentId}>
              <td>{tip.time}</td>
              <td>{tip.paymentId}</td>
              <td>{tip.source}</td>
              <td>{tip.payer}</td>
              <td>{tip.message}</td>
              <td>{tip.shownLive ? 'Yes' : 'No'}</td>
              <td>{formatPaise(tip.grossPaise)}</td>
              <td>{formatPaise(tip.feePaise)}</td>
              <td>{formatPaise(tip.netPaise)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Transfers</h2>
      <table className="po-table" aria-label="Transfers">
        <thead>
          <tr>
            <th scope="col">Transfer</th>
            <th scope="col">Razorpay id</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">UTR</th>
          </tr>
        </thead>
        <tbody>
          {s.transfers.map((tr) => (
            <tr key={tr.id}>
              <td>{tr.createdAt}</td>
              <td>{tr.razorpayTransferId ?? '—'}</td>
              <td>{formatPaise(tr.amountPaise)}</td>
              <td>{tr.status}</td>
              <td>{tr.utr ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {s.reversals.length > 0 ? (
        <>
          <h2>Reversals</h2>
          <ul>
            {s.reversals.map((r) => (
              <li key={r.id}>
                {r.createdAt}: {formatPaise(r.amountPaise)} ({r.reason}, {r.method}) {r.paymentId ?? ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </article>
  );
}
