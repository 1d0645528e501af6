import { useState } from 'react';
import type { OpsLead } from '@shabaash/shared';
import { Card } from '../../components/Card.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useLeadContacted, useOpsLeads, useRevealLead } from '../../hooks/ops/people.ts';
import { useDownload } from '../../hooks/useDownload.ts';
import { useT } from '../../i18n/i18n.tsx';
import { dateTime } from '../../i18n/format.ts';
import { OpsQueryList } from './OpsQueryList.tsx';
import { ReasonForm } from './ReasonForm.tsx';
import './people.css';

/** The number to call back: shown only after the operator says why (the reveal is audited). */
function RevealNumber({ lead }: { lead: OpsLead }) {
  const { t } = useT();
  const reveal = useRevealLead();
  const [asking, setAsking] = useState(false);
  if (reveal.data)
    return (
      <p>
        <a href={`tel:+91${reveal.data.phone}`} data-testid="lead-phone">
          +91 {reveal.data.phone}
        </a>
      </p>
    );
  if (!asking)
    return (
      <button type="button" className="button button-secondary" onClick={() => setAsking(true)}>
        {t('ops.leads.reveal')}
      </button>
    );
  return (
    <ReasonForm
      label={t('ops.leads.revealReason')}
      submitLabel={t('ops.leads.revealConfirm')}
      isBusy={reveal.isPending}
      error={reveal.error?.message ?? null}
      onSubmit={(reason) => reveal.mutate({ id: lead.id, reason })}
    />
  );
}

function LeadCard({ lead }: { lead: OpsLead }) {
  const { t } = useT();
  const contacted = useLeadContacted();
  return (
    <li>
      <Card title={lead.name || t('ops.leads.noName')} hint={dateTime(lead.createdAt)}>
        <dl className="ops-facts">
          <dt>{t('ops.people.phone')}</dt>
          <dd>{lead.maskedPhone}</dd>
          {lead.email ? (
            <>
              <dt>{t('ops.leads.email')}</dt>
              <dd>{lead.email}</dd>
            </>
          ) : null}
          {lead.tags.length > 0 ? (
            <>
              <dt>{t('ops.leads.tags')}</dt>
              <dd>{lead.tags.join(', ')}</dd>
            </>
          ) : null}
        </dl>
        <RevealNumber lead={lead} />
        {lead.contactedAt ? (
          <p className="ops-state" data-testid="lead-contacted">
            {t('ops.leads.contactedAt', { when: dateTime(lead.contactedAt) })}
          </p>
        ) : (
          <>
            <FormStatus error={contacted.error?.message ?? null} />
            <button
              type="button"
              className="button button-primary"
              disabled={contacted.isPending}
              onClick={() => contacted.mutate(lead.id)}
            >
              {t('ops.leads.markContacted')}
            </button>
          </>
        )}
      </Card>
    </li>
  );
}

/** The landing form's leads: masked numbers, a reveal that is audited, mark as contacted, and the CSV export. */
export function LeadsSection() {
  const { t } = useT();
  const [status, setStatus] = useState<'new' | 'all'>('new');
  const leads = useOpsLeads(status);
  const csv = useDownload(t('ops.leads.exportFailed'));
  return (
    <section className="ops-section" aria-labelledby="ops-leads-title">
      <h2 id="ops-leads-title">{t('ops.leads.title')}</h2>
      <div className="button-row">
        {(['new', 'all'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className="button button-secondary"
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
          >
            {t(`ops.leads.show.${s}`)}
          </button>
        ))}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void csv.download('/ops/leads.csv', 'shabaash-leads.csv')}
        >
          {t('ops.leads.export')}
        </button>
      </div>
      <FormStatus error={csv.error} />
      <OpsQueryList query={leads} items={(data) => data.leads} empty={t('ops.leads.empty')}>
        {(lead) => <LeadCard key={lead.id} lead={lead} />}
      </OpsQueryList>
    </section>
  );
}
