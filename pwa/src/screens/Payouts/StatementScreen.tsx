import { Link, useParams } from 'react-router-dom';
import type { PayoutStatement as Statement } from '@shabaash/shared';
import { DataTable, type Column, type DataTableProps } from '../../components/DataTable.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { usePayoutStatement } from '../../hooks/usePayouts.ts';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';
import { money } from '../../i18n/format.ts';

/** Basis points as a percentage with as few decimals as it needs (1800 → `18`, 10 → `0.1`). */
const percent = (basisPoints: number) => String(basisPoints / 100);
import './payouts.css';

type StatementTip = Statement['tips'][number];
/** The tips table: text columns, then whether it was shown live, then the money columns (header key, paise field). */
const TIP_TEXT = ['time', 'paymentId', 'source', 'payer', 'message'] as const;
const TIP_MONEY = [
  ['gross', 'grossPaise'],
  ['fee', 'feePaise'],
  ['net', 'netPaise'],
] as const;

/** A titled table of the statement, named by its title; `none` is said above it when it has no rows. */
function TitledTable<Row>({
  title,
  none,
  ...table
}: { title: string; none?: string } & Pick<DataTableProps<Row>, 'columns' | 'rows' | 'rowKey'>) {
  return (
    <>
      <h2>{title}</h2>
      {none && table.rows.length === 0 ? <p className="muted">{none}</p> : null}
      <DataTable label={title} {...table} />
    </>
  );
}

/** /creator/payouts/statement/:month — the monthly statement as a page that prints cleanly to PDF. */
export function StatementScreen() {
  const month = useParams().month ?? '';
  const statement = usePayoutStatement(month);
  const { t } = useT();
  if (statement.isPending) return <p className="page container muted">{t('payouts.statement.loading')}</p>;
  if (statement.isError || !statement.data)
    return (
      <div className="page container">
        <FormStatus error={t('payouts.statement.loadFailed')} />
      </div>
    );
  const s = statement.data;
  const totals = s.totals;
  const reported = (paise: number | null) =>
    paise === null ? t('payouts.statement.notReported') : money(paise);
  const gstRate = percent(totals.platformFeeGstBasisPoints);
  // [test id (the English label), label, value]
  const rows: Array<[string, string, string]> = (
    [
      ['Opening balance', 'payouts.statement.openingBalance', money(totals.openingBalancePaise)],
      ['Gross tips', 'payouts.statement.grossTips', money(totals.grossTipsPaise)],
      ['Platform fee (incl. GST)', 'payouts.statement.platformFee', money(totals.platformFeePaise)],
      ['Net tips', 'payouts.statement.netTips', money(totals.netTipsPaise)],
      ['Gateway fee', 'payouts.statement.gatewayFee', reported(totals.gatewayFeePaise)],
      ['Gateway tax', 'payouts.statement.gatewayTax', reported(totals.gatewayTaxPaise)],
      ['Reversals', 'payouts.statement.reversals', money(totals.reversalsPaise)],
      ['Transfers paid', 'payouts.statement.transfersPaid', money(totals.transfersPaidPaise)],
      ['Taken back by transfer reversal', 'payouts.statement.takenBack', money(totals.takenBackPaise)],
      ['Closing balance', 'payouts.statement.closingBalance', money(totals.closingBalancePaise)],
    ] as Array<[string, MessageKey, string]>
  ).map(([id, key, value]) => [id, t(key), value]);
  rows.splice(3, 0, [
    'GST in platform fee',
    t('payouts.statement.platformFeeGst', { rate: gstRate }),
    money(totals.platformFeeGstPaise),
  ]);
  if (totals.tdsWithheldPaise !== null)
    rows.splice(rows.length - 1, 0, [
      'TDS withheld',
      t('payouts.statement.tdsWithheld'),
      money(totals.tdsWithheldPaise),
    ]);
  const tipColumns: Array<Column<StatementTip>> = [
    ...TIP_TEXT.map((key) => ({
      header: t(`payouts.statement.${key}`),
      cell: (tip: StatementTip) => tip[key],
    })),
    {
      header: t('payouts.statement.shownLive'),
      cell: (tip) => (tip.shownLive ? t('payouts.statement.yes') : t('payouts.statement.no')),
    },
    ...TIP_MONEY.map(([key, paise]) => ({
      header: t(`payouts.statement.${key}`),
      cell: (tip: StatementTip) => money(tip[paise]),
    })),
  ];
  const transferColumns: Array<Column<Statement['transfers'][number]>> = [
    { header: t('payouts.statement.transfer'), cell: (tr) => tr.createdAt },
    { header: t('payouts.statement.razorpayId'), cell: (tr) => tr.razorpayTransferId ?? '—' },
    { header: t('payouts.statement.amount'), cell: (tr) => money(tr.amountPaise) },
    {
      header: t('payouts.statement.transferTds'),
      cell: (tr) => (tr.tdsPaise === null ? '—' : money(tr.tdsPaise)),
    },
    { header: t('payouts.statement.status'), cell: (tr) => tr.status },
    { header: 'UTR', cell: (tr) => tr.utr ?? '—' },
  ];
  return (
    <article className="page container statement">
      <header className="statement-head">
        <h1 className="page-title">{t('payouts.statement.title', { month: s.month })}</h1>
        <p>
          {s.creator.displayName} (@{s.creator.handle})
        </p>
        <div className="button-row no-print">
          <button type="button" className="button button-primary" onClick={() => window.print()}>
            {t('payouts.statement.print')}
          </button>
          <Link className="button button-secondary" to="/creator/payouts">
            {t('payouts.statement.back')}
          </Link>
        </div>
      </header>
      <table className="data-table" aria-label={t('payouts.statement.summary')}>
        <tbody>
          {rows.map(([id, label, value]) => (
            <tr key={id}>
              <th scope="row">{label}</th>
              <td data-testid={`statement-${id}`}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <TitledTable
        title={t('payouts.statement.tips')}
        none={t('payouts.statement.noTips')}
        columns={tipColumns}
        rows={s.tips}
        rowKey={(tip) => tip.paymentId}
      />
      <TitledTable
        title={t('payouts.statement.transfers')}
        columns={transferColumns}
        rows={s.transfers}
        rowKey={(transfer) => transfer.id}
      />
      {s.reversals.length > 0 ? (
        <>
          <h2>{t('payouts.statement.reversals')}</h2>
          <ul>
            {s.reversals.map((r) => (
              <li key={r.id}>
                {r.createdAt}: {money(r.amountPaise)} ({r.reason}, {r.method}) {r.paymentId ?? ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </article>
  );
}
