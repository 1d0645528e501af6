import type { ReactNode } from 'react';
import { LIMITS } from '@shabaash/shared';
import { FieldError, type FieldBinding } from './fieldBinding.tsx';
import { useT } from '../i18n/i18n.tsx';

/** The tip amount in rupees (decimal keypad, min ₹1, paise allowed); `error` is shown under it and announced. */
export function TipAmountField({
  id,
  placeholder,
  binding,
  error,
  min = LIMITS.tipMinRupees,
  hint,
}: {
  id: string;
  placeholder: string;
  binding: FieldBinding<HTMLInputElement>;
  error?: string | null;
  /** The smallest amount allowed (a creator's Stream safety minimum on the guest page). */
  min?: number;
  hint?: ReactNode;
}) {
  const { t } = useT();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{t('tip.amountLabel')}</label>
      <input
        id={id}
        name="amount"
        type="number"
        inputMode="decimal"
        min={min}
        step="0.01"
        required
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...binding}
      />
      {hint ? (
        <p id={`${id}-hint`} className="hint" data-testid="amount-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The optional tip message with its live count (≤ 280), an optional hint and a refusal shown under it. */
export function TipMessageField({
  id,
  value,
  rows,
  binding,
  hint,
  error,
}: {
  id: string;
  /** The current text (for the count). */
  value: string;
  rows: number;
  binding: FieldBinding<HTMLTextAreaElement>;
  hint?: ReactNode;
  error?: string | null;
}) {
  const describedBy = [hint ? `${id}-hint` : null, `${id}-count`, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  const { t } = useT();
  return (
    <div className="field">
      <div className="field-label-row">
        <label htmlFor={id}>
          {t('tip.messageLabel')} <span className="optional">{t('field.optional')}</span>
        </label>
        <span className="hint" id={`${id}-count`}>
          {value.length}/{LIMITS.messageMaxLength}
        </span>
      </div>
      <textarea
        id={id}
        name="message"
        rows={rows}
        maxLength={LIMITS.messageMaxLength}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        {...binding}
      />
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}
