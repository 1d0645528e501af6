import { useState } from 'react';
import type { OpsReport } from '@shabaash/shared';
import { Card } from '../../components/Card.tsx';
import { useCloseReport, useOpsReports } from '../../hooks/ops/people.ts';
import { useT } from '../../i18n/i18n.tsx';
import { dateTime, money } from '../../i18n/format.ts';
import { OpsQueryList } from './OpsQueryList.tsx';
import { ReasonForm } from './ReasonForm.tsx';
import './people.css';

function ReportCard({ report }: { report: OpsReport }) {
  const { t } = useT();
  const close = useCloseReport();
  const who = report.reported;
  return (
    <li>
      <Card
        title={`${t(`ops.reports.kind.${report.kind}`)} · ${t(`report.reason.${report.reason}`)}`}
        hint={dateTime(report.createdAt)}
      >
        <dl className="ops-facts">
          <dt>{t('ops.reports.reporter')}</dt>
          <dd>{report.reporter.name}</dd>
          <dt>{t('ops.reports.reported')}</dt>
          <dd>
            {who
              ? `${who.name}${who.handle ? ` (@${who.handle})` : ''} · ${who.maskedPhone}`
              : (report.tip?.guestName ?? t('ops.reports.guest'))}
          </dd>
          {who ? (
            <>
              <dt>{t('ops.reports.userId')}</dt>
              <dd className="ops-id">{who.id}</dd>
            </>
          ) : null}
          {report.tip ? (
            <>
              <dt>{t('ops.reports.tip')}</dt>
              <dd>
                {money(report.tip.amountPaise)} · @{report.tip.creatorHandle}
                <blockquote className="ops-quote">
                  {report.tip.message || t('ops.reports.noMessage')}
                </blockquote>
              </dd>
            </>
          ) : null}
          {report.details ? (
            <>
              <dt>{t('ops.reports.details')}</dt>
              <dd>{report.details}</dd>
            </>
          ) : null}
        </dl>
        {report.status === 'open' ? (
          <ReasonForm
            label={t('ops.reports.resolution')}
            submitLabel={t('ops.reports.close')}
            isBusy={close.isPending}
            error={close.error?.message ?? null}
            onSubmit={(resolution) => close.mutate({ id: report.id, resolution })}
          />
        ) : (
          <p className="ops-state" data-testid="report-closed">
            {t('ops.reports.closed', { when: dateTime(report.closedAt ?? report.createdAt) })} ·{' '}
            {report.resolution}
          </p>
        )}
      </Card>
    </li>
  );
}

/** Reports from viewers and creators, open first, with the tip, the people and the reporter's words. */
export function ReportsSection() {
  const { t } = useT();
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const reports = useOpsReports(status);
  return (
    <section className="ops-section" aria-labelledby="ops-reports-title">
      <h2 id="ops-reports-title">{t('ops.reports.title')}</h2>
      <div className="button-row" role="group" aria-label={t('ops.reports.filter')}>
        {(['open', 'all'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className="button button-secondary"
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
          >
            {t(`ops.reports.show.${s}`)}
          </button>
        ))}
      </div>
      <OpsQueryList query={reports} items={(data) => data.reports} empty={t('ops.reports.empty')}>
        {(report) => <ReportCard key={report.id} report={report} />}
      </OpsQueryList>
    </section>
  );
}
