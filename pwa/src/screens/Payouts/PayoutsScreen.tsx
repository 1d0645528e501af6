import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { PayoutSummary } from '@shabaash/shared';
import { Card } from '../../components/Card.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import { StatGrid } from '../../components/StatGrid.tsx';
import { usePayouts } from '../../hooks/usePayouts.ts';
import { useDownload } from '../../hooks/useDownload.ts';
import { OnboardingForm } from './OnboardingForm.tsx';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';
import { dateTime, money } from '../../i18n/format.ts';
import './payouts.css';

const STATUS_TEXT: Record<NonNullable<PayoutSummary['onboarding']>['status'], MessageKey> = {
  created: 'payouts.status.created',
  under_review: 'payouts.status.underReview',
  needs_clarification: 'payouts.status.needsClarification',
  activated: 'payouts.status.activated',
  suspended: 'payouts.status.suspended',
};
const STEPS = ['payouts.step.sent', 'payouts.step.review', 'payouts.step.active'] as const;

/** The IST month (YYYY-MM) of now. */
export const currentMonth = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);

function stepIndex(status: string | undefined): number {
  if (!status) return -1;
  if (status === 'activated') return 2;
  return status === 'created' ? 0 : 1;
}

function Onboarding({ summary }: { summary: PayoutSummary }) {
  const o = summary.onboarding;
  const at = stepIndex(o?.status);
  const { t } = useT();
  return (
    <Card title={t('payouts.account.title')}>
      <ol className="po-steps">
        {STEPS.map((label, i) => (
          <li
            key={label}
            className={i <= at ? 'po-step po-step-done' : 'po-step'}
            aria-current={i === at ? 'step' : undefined}
          >
            {t(label)}
          </li>
        ))}
      </ol>
      {o ? (
        <p data-testid="payout-status">
          <strong>{t(STATUS_TEXT[o.status])}</strong> · {o.bankName} ••{o.accountLast4}
        </p>
      ) : (
        <p className="muted">{t('payouts.account.intro')}</p>
      )}
      {o?.status === 'needs_clarification' ? (
        <>
          <ul className="po-reasons" aria-label={t('payouts.account.reasons')}>
            {o.reasons.map((r) => (
              <li key={r}>
                <ServerText text={r} />
              </li>
            ))}
          </ul>
          <OnboardingForm correction />
        </>
      ) : null}
      {!o ? <OnboardingForm /> : null}
    </Card>
  );
}

function Balances({ summary }: { summary: PayoutSummary }) {
  const b = summary.balances;
  const { t } = useT();
  const cards = [
    { label: t('payouts.balance.pending'), value: money(b.pendingPaise), testId: 'balance-pending' },
    { label: t('payouts.balance.available'), value: money(b.availablePaise), testId: 'balance-available' },
    { label: t('payouts.balance.inTransit'), value: money(b.inTransitPaise), testId: 'balance-in-transit' },
    { label: t('payouts.balance.paid'), value: money(b.paidPaise), testId: 'balance-paid' },
  ];
  return (
    <StatGrid label={t('payouts.balances')} stats={cards}>
      <p className="po-plan">
        {t('payouts.plan')}{' '}
        <strong>{summary.plan === 'pro' ? t('payouts.plan.pro') : t('payouts.plan.starter')}</strong>
        {' · '}
        {t('payouts.nextPayout')}{' '}
        <strong>{summary.nextPayoutAt ? dateTime(summary.nextPayoutAt) : t('payouts.afterActive')}</strong>
        {b.debtPaise > 0 ? ` · ${t('payouts.debt', { amount: money(b.debtPaise) })}` : null}
      </p>
    </StatGrid>
  );
}

function History({ summary }: { summary: PayoutSummary }) {
  const { t } = useT();
  const historyColumns: Array<Column<PayoutSummary['transfers'][number]>> = [
    { header: t('payouts.history.date'), cell: (transfer) => dateTime(transfer.createdAt) },
    { header: t('payouts.history.amount'), cell: (transfer) => money(transfer.amountPaise) },
    {
      header: t('payouts.history.status'),
      cell: (transfer) => (
        <>
          {transfer.status === 'processed'
            ? t('payouts.history.paid')
            : transfer.status === 'failed'
              ? t('payouts.history.failed')
              : t('payouts.history.inTransit')}
          {transfer.failureReason ? (
            <span className="muted small">
              {' — '}
              <ServerText text={transfer.failureReason} />
            </span>
          ) : null}
        </>
      ),
    },
    { header: 'UTR', cell: (transfer) => transfer.utr ?? '—', testId: 'payout-utr' },
  ];
  return (
    <Card title={t('payouts.history.title')}>
      {summary.transfers.length === 0 ? (
        <p className="muted">{t('payouts.history.none')}</p>
      ) : (
        <DataTable
          columns={historyColumns}
          rows={summary.transfers}
          rowKey={(transfer) => transfer.id}
          rowTestId="payout-row"
        />
      )}
      {summary.reversals.length > 0 ? (
        <>
          <h3 className="small">{t('payouts.reversals')}</h3>
          <ul>
            {summary.reversals.map((r) => (
              <li key={r.id}>
                {money(r.amountPaise)} —{' '}
                {r.reason === 'refund' ? t('payouts.reversal.refund') : t('payouts.reversal.dispute')} (
                {dateTime(r.createdAt)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

function Statements() {
  const [month, setMonth] = useState(currentMonth());
  const { t } = useT();
  const csv = useDownload(t('payouts.statements.csvFailed'));
  return (
    <Card title={t('payouts.statements.title')}>
      <div className="field">
        <label htmlFor="po-month">{t('payouts.statements.month')}</label>
        <input id="po-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
      </div>
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            void csv.download(
              `/creator/payouts/statement.csv?month=${month}`,
              `shabaash-statement-${month}.csv`,
            )
          }
        >
          {t('payouts.statements.csv')}
        </button>
        <Link className="button button-secondary" to={`/creator/payouts/statement/${month}`}>
          {t('payouts.statements.open')}
        </Link>
      </div>
      <FormStatus error={csv.error} />
    </Card>
  );
}

/** /creator/payouts: onboarding with its status, balances, plan and next payout, history, statements. */
export function PayoutsScreen() {
  const payouts = usePayouts();
  const { t } = useT();
  return (
    <div className="page container payouts">
      <h1 className="page-title">{t('payouts.title')}</h1>
      {payouts.isPending ? (
        <p className="muted" role="status">
          {t('payouts.loading')}
        </p>
      ) : payouts.isError || !payouts.data ? (
        <FormStatus error={payouts.isOffline ? t('payouts.offlineNone') : t('payouts.loadFailed')} />
      ) : (
        <>
          {payouts.isOffline ? (
            <p className="muted" role="status" data-testid="payouts-offline">
              {payouts.savedAt
                ? t('payouts.offlineSaved', { savedAt: dateTime(payouts.savedAt) })
                : t('payouts.offlineLast')}
            </p>
          ) : null}
          {!payouts.data.routeEnabled ? <p className="muted">{t('payouts.switchedOff')}</p> : null}
          {payouts.data.payoutsOnHold ? (
            <p className="po-on-hold" role="status" data-testid="payouts-on-hold">
              {t('payouts.onHold')}
            </p>
          ) : null}
          <Balances summary={payouts.data} />
          <Onboarding summary={payouts.data} />
          <History summary={payouts.data} />
          <Statements />
        </>
      )}
    </div>
  );
}
