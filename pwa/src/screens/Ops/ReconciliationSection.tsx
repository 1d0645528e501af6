import { useId, useState, type FormEvent } from 'react';
import { reconResolveInputSchema, type ReconDifference, type ReconRun } from '@shabaash/shared';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useReconciliation, useResolveDifference, useRunReconciliation } from '../../hooks/ops/money.ts';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';
import { count, dateTime } from '../../i18n/format.ts';
import './ops-money.css';

const KIND: Record<ReconDifference['kind'], MessageKey> = {
  missing_in_ledger: 'ops.recon.kind.missingInLedger',
  missing_at_razorpay: 'ops.recon.kind.missingAtRazorpay',
  amount_mismatch: 'ops.recon.kind.amountMismatch',
  status_mismatch: 'ops.recon.kind.statusMismatch',
};
const ENTITY: Record<ReconDifference['entity'], MessageKey> = {
  payment: 'ops.recon.entity.payment',
  refund: 'ops.recon.entity.refund',
  transfer: 'ops.recon.entity.transfer',
  settlement: 'ops.recon.entity.settlement',
};
const STATUS: Record<ReconRun['status'], MessageKey> = {
  running: 'ops.recon.status.running',
  done: 'ops.recon.status.done',
  failed: 'ops.recon.status.failed',
};
const TRIGGER: Record<ReconRun['trigger'], MessageKey> = {
  job: 'ops.recon.trigger.job',
  operator: 'ops.recon.trigger.operator',
  command: 'ops.recon.trigger.command',
};

/** One side's record as sent (JSON), or that the side has none. */
function SideRecord({ title, record }: { title: string; record: unknown }) {
  const { t } = useT();
  return (
    <div>
      <h4 className="small">{title}</h4>
      {record === null ? (
        <p className="muted">{t('ops.recon.noRecord')}</p>
      ) : (
        <pre className="ops-record" tabIndex={0} aria-label={title}>
          {JSON.stringify(record, null, 2)}
        </pre>
      )}
    </div>
  );
}

/** An open difference with both sides' records and "Mark resolved" (a reason is required). */
function DifferenceItem({ difference: d }: { difference: ReconDifference }) {
  const { t } = useT();
  const resolve = useResolveDifference();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const titleId = useId();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reconResolveInputSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? t('ops.recon.reasonRequired'));
    setError(null);
    resolve.mutate({ id: d.id, reason: parsed.data.reason });
  };
  return (
    <li className="card" aria-labelledby={titleId} data-testid="ops-recon-difference">
      <h3 id={titleId} className="small">
        {t(KIND[d.kind])} · {t(ENTITY[d.entity])} <code>{d.entityId}</code>
      </h3>
      <p className="muted small">
        {t('ops.recon.dayAndSeen', {
          day: dateTime(`${d.day}T00:00:00+05:30`, 'date'),
          firstSeen: dateTime(d.firstSeenAt),
        })}
      </p>
      <div className="ops-sides">
        <SideRecord title={t('ops.recon.ledger')} record={d.ledger} />
        <SideRecord title={t('ops.recon.razorpay')} record={d.razorpay} />
      </div>
      {open ? (
        <form onSubmit={handleSubmit} noValidate className="stack">
          <div className="field">
            <label htmlFor={reasonId}>{t('ops.recon.reason')}</label>
            <textarea
              id={reasonId}
              value={reason}
              rows={2}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <FormStatus error={error ?? (resolve.error ? resolve.error.message : null)} />
          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={resolve.isPending}>
              {t('ops.recon.confirmResolve')}
            </button>
            <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
              {t('ops.recon.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
          {t('ops.recon.markResolved')}
        </button>
      )}
    </li>
  );
}

/** /ops reconciliation: the daily runs against Razorpay, the open differences, "Run now". */
export function ReconciliationSection() {
  const { t } = useT();
  const page = useReconciliation();
  const run = useRunReconciliation();
  const [day, setDay] = useState('');
  const dayId = useId();
  const heading = <h2 id="ops-recon-title">{t('ops.recon.title')}</h2>;
  const handleRun = (event: FormEvent) => {
    event.preventDefault();
    run.mutate(day || null);
  };
  const runColumns: Array<Column<ReconRun>> = [
    { header: t('ops.recon.day'), cell: (r) => dateTime(`${r.day}T00:00:00+05:30`, 'date') },
    { header: t('ops.recon.runStatus'), cell: (r) => t(STATUS[r.status]) },
    { header: t('ops.recon.by'), cell: (r) => t(TRIGGER[r.trigger]) },
    {
      header: t('ops.recon.compared'),
      cell: (r) =>
        t('ops.recon.comparedCounts', {
          payments: count(r.compared.payment ?? 0),
          refunds: count(r.compared.refund ?? 0),
          transfers: count(r.compared.transfer ?? 0),
          settlements: count(r.compared.settlement ?? 0),
        }),
    },
    { header: t('ops.recon.found'), cell: (r) => count(r.found) },
    { header: t('ops.recon.resolvedCount'), cell: (r) => count(r.resolved) },
    { header: t('ops.recon.startedAt'), cell: (r) => dateTime(r.startedAt) },
  ];
  const finished = run.data?.run;
  return (
    <section aria-labelledby="ops-recon-title" className="ops-section">
      {heading}
      <p className="muted small">{t('ops.recon.intro')}</p>
      <form onSubmit={handleRun} className="button-row">
        <div className="field">
          <label htmlFor={dayId}>{t('ops.recon.runDay')}</label>
          <input id={dayId} type="date" value={day} onChange={(e) => setDay(e.target.value)} />
        </div>
        <button type="submit" className="button button-primary" disabled={run.isPending}>
          {run.isPending ? t('ops.recon.running') : t('ops.recon.runNow')}
        </button>
      </form>
      <FormStatus
        error={run.error ? run.error.message : null}
        success={
          finished
            ? finished.status === 'failed'
              ? null
              : t('ops.recon.runDone', { found: count(finished.found), resolved: count(finished.resolved) })
            : null
        }
      />
      {finished?.status === 'failed' ? (
        <FormStatus error={t('ops.recon.runFailed', { error: finished.error ?? '' })} />
      ) : null}
      {page.isPending ? (
        <p className="muted" role="status">
          {t('ops.recon.loading')}
        </p>
      ) : page.isError || !page.data ? (
        <>
          <FormStatus error={t('ops.recon.loadFailed')} />
          <button type="button" className="button button-secondary" onClick={() => void page.refetch()}>
            {t('ops.recon.retry')}
          </button>
        </>
      ) : (
        <>
          <h3>{t('ops.recon.open', { count: count(page.data.openCount) })}</h3>
          {page.data.open.length === 0 ? (
            <p className="muted">{t('ops.recon.noOpen')}</p>
          ) : (
            <ul className="ops-differences">
              {page.data.open.map((d) => (
                <DifferenceItem key={d.id} difference={d} />
              ))}
            </ul>
          )}
          <h3>{t('ops.recon.runs')}</h3>
          {page.data.runs.length === 0 ? (
            <p className="muted">{t('ops.recon.noRuns')}</p>
          ) : (
            <DataTable
              label={t('ops.recon.runs')}
              region={t('ops.recon.runs')}
              columns={runColumns}
              rows={page.data.runs}
              rowKey={(r) => r.id}
              rowTestId="ops-recon-run"
            />
          )}
        </>
      )}
    </section>
  );
}
