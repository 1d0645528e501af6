import { useId, useState, type FormEvent } from 'react';
import { REPORT_REASONS, type ReportKind, type ReportReason } from '@shabaash/shared';
import { useFileReport } from '../hooks/ops/people.ts';
import { useT } from '../i18n/i18n.tsx';
import { FormStatus } from './FormStatus.tsx';
import './ReportButton.css';

/**
 * "Report": a small disclosure with a reason list and optional details, sent to the operators' queue
 * (POST /api/reports). `target` is the tip's id, the creator's handle or the viewer's id, by `kind`.
 */
export function ReportButton({ kind, target }: { kind: ReportKind; target: string }) {
  const { t } = useT();
  const id = useId();
  const file = useFileReport();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    file.mutate({ kind, target, reason, details }, { onSuccess: () => setOpen(false) });
  };
  if (!open)
    return (
      <>
        <button
          type="button"
          className="button button-ghost button-small report-toggle"
          aria-expanded={false}
          onClick={() => {
            file.reset();
            setOpen(true);
          }}
        >
          {t('report.action')}
        </button>
        <FormStatus success={file.data?.message ?? null} />
      </>
    );
  return (
    <form className="report-form" onSubmit={handleSubmit} aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`}>
        <strong>{t(`report.title.${kind}`)}</strong>
      </p>
      <fieldset>
        <legend>{t('report.reasonLabel')}</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r} className="report-reason">
            <input
              type="radio"
              name={`${id}-reason`}
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
            />{' '}
            {t(`report.reason.${r}`)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-details`}>{t('report.details')}</label>
        <textarea
          id={`${id}-details`}
          rows={2}
          maxLength={500}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
        />
      </div>
      <FormStatus error={file.error?.message ?? null} />
      <div className="button-row">
        <button
          type="submit"
          className="button button-primary button-small report-toggle"
          disabled={!reason || file.isPending}
        >
          {t('report.send')}
        </button>
        <button
          type="button"
          className="button button-secondary button-small report-toggle"
          onClick={() => setOpen(false)}
        >
          {t('report.cancel')}
        </button>
      </div>
    </form>
  );
}
