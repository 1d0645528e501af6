import type { ReactNode } from 'react';
import { LIMITS } from '@shabaash/shared';
import type { FieldBinding } from './fieldBinding.tsx';
import { translate, useT } from '../i18n/i18n.tsx';

/** An Indian mobile number field (10 digits; +91, spaces and dashes are accepted and normalised on submit). */
export function PhoneField({
  id,
  label,
  binding,
}: {
  id: string;
  label: string;
  binding: FieldBinding<HTMLInputElement>;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="98765 43210"
        required
        {...binding}
      />
    </div>
  );
}

/** A password field; a new password shows the minimum length as its hint. */
export function PasswordField({
  id,
  label,
  isNew,
  binding,
  labelAside,
}: {
  id: string;
  label: string;
  isNew: boolean;
  binding: FieldBinding<HTMLInputElement>;
  /** Shown at the end of the label's row (e.g. the "Forgot password?" link). */
  labelAside?: ReactNode;
}) {
  const { t } = useT();
  return (
    <div className="field">
      {labelAside ? (
        <div className="field-label-row">
          <label htmlFor={id}>{label}</label>
          {labelAside}
        </div>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
      <input
        id={id}
        name="password"
        type="password"
        autoComplete={isNew ? 'new-password' : 'current-password'}
        required
        minLength={isNew ? LIMITS.passwordMinLength : undefined}
        aria-describedby={isNew ? `${id}-hint` : undefined}
        {...binding}
      />
      {isNew ? (
        <p id={`${id}-hint`} className="hint">
          {t('field.passwordHint', { min: LIMITS.passwordMinLength })}
        </p>
      ) : null}
    </div>
  );
}

/** The message for a new password that is too short, or null. */
export function newPasswordProblem(password: string): string | null {
  return password.length < LIMITS.passwordMinLength
    ? translate('field.passwordTooShort', { min: LIMITS.passwordMinLength })
    : null;
}
