import type { MoneyOverview } from '@shabaash/shared';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useMoneyOverview } from '../../hooks/ops/money.ts';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';
import { count, dateTime, money } from '../../i18n/format.ts';
import { TdsExports } from './TdsExports.tsx';
import './ops-money.css';

type Day = MoneyOverview['days'][number];

/** One figure: its label, the amount, and what it means. */
function Figure({ label, paise, hint }: { label: string; paise: number; hint?: string }) {
  return (
    <div className="card ops-figure">
      <dt>{label}</dt>
      <dd>
        <span className="ops-figure-amount">{money(paise)}</span>
        {hint ? <span className="muted small">{hint}</span> : null}
      </dd>
    </div>
  );
}

const EARNING_STATES: Array<[keyof MoneyOverview['earnings'], MessageKey]> = [
  ['pendingPaise', 'ops.money.pending'],
  ['availablePaise', 'ops.money.available'],
  ['heldPaise', 'ops.money.held'],
  ['inTransitPaise', 'ops.money.inTransit'],
  ['paidPaise', 'ops.money.paid'],
  ['reversedPaise', 'ops.money.reversed'],
  ['debtPaise', 'ops.money.debt'],
  ['tdsPaise', 'ops.money.tds'],
];

/** /ops money: what the platform holds for others and what it earned, from the ledger, in ₹ (en-IN). */
export function MoneySection() {
  const overview = useMoneyOverview();
  const { t } = useT();
  const heading = <h2 id="ops-money-title">{t('ops.money.title')}</h2>;
  if (overview.isPending)
    return (
      <section aria-labelledby="ops-money-title" className="ops-section">
        {heading}
        <p className="muted" role="status">
          {t('ops.money.loading')}
        </p>
      </section>
    );
  if (overview.isError || !overview.data)
    return (
      <section aria-labelledby="ops-money-title" className="ops-section">
        {heading}
        <FormStatus error={t('ops.money.loadFailed')} />
        <button type="button" className="button button-secondary" onClick={() => void overview.refetch()}>
          {t('ops.money.retry')}
        </button>
      </section>
    );
  const o = overview.data;
  const days = [...o.days].reverse();
  const quiet = days.every((d) => d.walletTipCount === 0 && d.guestTipCount === 0);
  const columns: Array<Column<Day>> = [
    { header: t('ops.money.day'), cell: (d) => dateTime(`${d.day}T00:00:00+05:30`, 'date') },
    {
      header: t('ops.money.walletTips'),
      cell: (d) => `${money(d.walletTipsPaise)} (${count(d.walletTipCount)})`,
    },
    {
      header: t('ops.money.guestTips'),
      cell: (d) => `${money(d.guestTipsPaise)} (${count(d.guestTipCount)})`,
    },
    { header: t('ops.money.dayFees'), cell: (d) => money(d.feesPaise) },
  ];
  return (
    <section aria-labelledby="ops-money-title" className="ops-section">
      {heading}
      <p className="muted small">{t('ops.money.asOf', { time: dateTime(o.asOf) })}</p>
      <h3>{t('ops.money.heldForOthers')}</h3>
      <dl className="ops-figures">
        <Figure
          label={t('ops.money.walletLiability')}
          paise={o.walletLiabilityPaise}
          hint={t('ops.money.fundedWallets', { count: count(o.fundedWallets) })}
        />
        {EARNING_STATES.map(([field, key]) => (
          <Figure key={field} label={t(key)} paise={o.earnings[field]} />
        ))}
      </dl>
      <h3>{t('ops.money.platformFees')}</h3>
      <dl className="ops-figures">
        <Figure label={t('ops.money.fees')} paise={o.platformFees.feesPaise} />
        <Figure
          label={t('ops.money.gst', { rate: String(o.platformFees.gstBasisPoints / 100) })}
          paise={o.platformFees.gstPaise}
        />
        <Figure label={t('ops.money.feesNet')} paise={o.platformFees.netPaise} />
      </dl>
      <TdsExports />
      <h3 id="ops-money-days">{t('ops.money.byDay')}</h3>
      {quiet ? (
        <p className="muted">{t('ops.money.noTips')}</p>
      ) : (
        <DataTable
          label={t('ops.money.byDay')}
          region={t('ops.money.byDay')}
          columns={columns}
          rows={days}
          rowKey={(d) => d.day}
          rowTestId="ops-money-day"
        />
      )}
    </section>
  );
}
