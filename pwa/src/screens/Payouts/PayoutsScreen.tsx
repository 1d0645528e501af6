import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPaise, type PayoutSummary } from '@shabaash/shared';
import { downloadFile } from '../../api/download.ts';
import { FormStatus } from '../../components/FormStatus.tsx';
import { usePayouts } from '../../hooks/usePayouts.ts';
import { dateTime as formatDateTime } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.tsx';
import { OnboardingForm } from './OnboardingForm.tsx';
import './payouts.css';

export const STATUS_TEXT: Record<NonNullable<PayoutSummary['onboarding']>['status'], string> = {
  created: 'Account created — finishing setup',
  under_review: 'Under review by Razorpay',
  needs_clarification: 'Razorpay needs a correction',
  activated: 'Active — payouts on',
  suspended: 'Suspended — contact support',
};
const STEPS = ['Details sent', 'Under review', 'Active'] as const;
const dateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});
export const CSV_FAILED = 'Unable to download the statement. Please try again.';

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
  return (
    <section className="card" aria-labelledby="po-onboarding">
      <h2 className="card-title" id="po-onboarding">
        Payout account
      </h2>
      <ol className="po-steps">
        {STEPS.map((label, i) => (
          <li
            key={label}
            className={i <= at ? 'po-step po-step-done' : 'po-step'}
            aria-current={i === at ? 'step' : undefined}
          >
            {label}
          </li>
        ))}
      </ol>
      {o ? (
        <p data-testid="payout-status">
          <strong>{STATUS_TEXT[o.status]}</strong> · {o.bankName} ••{o.accountLast4}
        </p>
      ) : (
        <p className="muted">
          Add your PAN and bank account to get paid. We keep only your bank&apos;s name and the last 4 digits.
        </p>
      )}
      {o?.status === 'needs_clarification' ? (
        <>
          <ul className="po-reasons" aria-label="What Razorpay asks for">
            {o.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          <OnboardingForm correction />
        </>
      ) : null}
      {!o ? <OnboardingForm /> : null}
    </section>
  );
}

function Balances({ summary }: { summary: PayoutSummary }) {
  const b = summary.balances;
  const cards = [
    { label: 'Pending', value: b.pendingPaise, testId: 'balance-pending' },
    { label: 'Available', value: b.availablePaise, testId: 'balance-available' },
    { label: 'In transit', value: b.inTransitPaise, testId: 'balance-in-transit' },
    { label: 'Paid out', value: b.paidPaise, testId: 'balance-paid' },
  ];
  return (
    <section aria-label="Balances" className="po-balances">
      {cards.map((c) => (
        <div className="card po-stat" key={c.label}>
          <p className="muted small">{c.label}</p>
          <p className="po-stat-value" data-testid={c.testId}>
            {formatPaise(c.value)}
          </p>
        </div>
      ))}
      <p className="po-plan">
        Plan:{' '}
        <strong>{summary.plan === 'pro' ? 'Pro — instant (within a minute)' : 'Starter — daily'}</strong>
        {' · '}Next payout:{' '}
        <strong>
          {summary.nextPayoutAt
            ? dateTime.format(new Date(summary.nextPayoutAt))
            : 'after your account is active'}
        </strong>
        {b.debtPaise > 0 ? ` · To recover from next earnings: ${formatPaise(b.debtPaise)}` : null}
      </p>
    </section>
  );
}

function History({ summary }: { summary: PayoutSummary }) {
  return (
    <section className="card" aria-labelledby="po-history">
      <h2 className="card-title" id="po-history">
        Payout history
      </h2>
      {summary.transfers.length === 0 ? (
        <p className="muted">No payouts yet.</p>
      ) : (
        <div className="po-table-wrap">
          <table className="po-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">UTR</th>
              </tr>
            </thead>
            <tbody>
              {summary.transfers.map((t) => (
                <tr key={t.id} data-testid="payout-row">
                  <td>{dateTime.format(new Date(t.createdAt))}</td>
                  <td>{formatPaise(t.amountPaise)}</td>
                  <td>
                    {t.status === 'processed' ? 'Paid' : t.status === 'failed' ? 'Failed' : 'In transit'}
                    {t.failureReason ? <span className="muted small"> — {t.failureReason}</span> : null}
                  </td>
                  <td data-testid="payout-utr">{t.utr ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {summary.reversals.length > 0 ? (
        <>
          <h3 className="small">Reversals</h3>
          <ul>
            {summary.reversals.map((r) => (
              <li key={r.id}>
                {formatPaise(r.amountPaise)} —{' '}
                {r.reason === 'refund' ? 'refunded to the payer' : 'dispute lost'} (
                {dateTime.format(new Date(r.createdAt))})
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function Statements() {
  const [month, setMonth] = useState(currentMonth());
  const [error, setError] = useState<string | null>(null);
  async function handleCsv() {
    setError(null);
    try {
      await downloadFile(`/creator/payouts/statement.csv?month=${month}`, `shabaash-statement-${month}.csv`);
    } catch {
      setError(CSV_FAILED);
    }
  }
  return (
    <section className="card" aria-labelledby="po-statements">
      <h2 className="card-title" id="po-statements">
        Monthly statements
      </h2>
      <div className="field">
        <label htmlFor="po-month">Month</label>
        <input id="po-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
      </div>
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={() => void handleCsv()}>
          Download CSV
        </button>
        <Link className="button button-secondary" to={`/creator/payouts/statement/${month}`}>
          Open printable statement
        </Link>
      </div>
      <FormStatus error={error} />
    </section>
  );
}

/** /creator/payouts: onboarding with its status, balances, plan and next payout, history, statements. */
export function PayoutsScreen() {
  const payouts = usePayouts();
  const { t } = useT();
  return (
    <div className="page container payouts">
      <h1 className="page-title">Payouts</h1>
      {payouts.isPending ? (
        <p className="muted" role="status">
          Loading payouts…
        </p>
      ) : payouts.isError || !payouts.data ? (
        <FormStatus
          error={payouts.isOffline ? t('payouts.offlineNone') : 'Unable to load payouts. Please try again.'}
        />
      ) : (
        <>
          {payouts.isOffline ? (
            <p className="muted" role="status" data-testid="payouts-offline">
              {payouts.savedAt
                ? t('payouts.offlineSaved', { savedAt: formatDateTime(payouts.savedAt) })
                : t('payouts.offlineLast')}
            </p>
          ) : null}
          {!payouts.data.routeEnabled ? (
            <p className="muted">Payouts are switched off on this server.</p>
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
