import { useId, useState, type FormEvent } from 'react';
import { operatorReasonSchema } from '@shabaash/shared';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useT } from '../../i18n/i18n.tsx';

/**
 * A reason (or note) and the button that acts with it: the operator's words are checked with the shared schema
 * before anything is sent, and the server's refusal shows under the field.
 */
export function ReasonForm({
  label,
  submitLabel,
  isBusy,
  error,
  onSubmit,
  danger = false,
}: {
  label: string;
  submitLabel: string;
  isBusy: boolean;
  error: string | null;
  onSubmit: (reason: string) => void;
  danger?: boolean;
}) {
  const { t } = useT();
  const id = useId();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = operatorReasonSchema.safeParse(reason);
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? t('ops.reason.required'));
    setInvalid(null);
    onSubmit(parsed.data);
  };
  return (
    <form className="ops-reason-form" onSubmit={handleSubmit} noValidate>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          rows={2}
          maxLength={500}
          value={reason}
          aria-invalid={invalid ? true : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <FormStatus error={invalid ?? error} />
      <button
        type="submit"
        className={danger ? 'button button-danger' : 'button button-primary'}
        disabled={isBusy}
      >
        {submitLabel}
      </button>
    </form>
  );
}
