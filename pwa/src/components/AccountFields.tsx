import { useId, type ReactNode } from 'react';
import { LIMITS } from '@shabaash/shared';
import type { FieldBinding } from './fieldBinding.tsx';
import { TextField } from './TextField.tsx';
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
    <TextField
      id={id}
      label={label}
      name="phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="98765 43210"
      required
      {...binding}
    />
  );
}

/** A password field; a new password shows the minimum length as its hint. */
export function PasswordField({
  id: givenId,
  label,
  isNew,
  binding,
  labelAside,
}: {
  /** The input's id (a generated one when left out). */
  id?: string;
  label: string;
  isNew: boolean;
  binding: FieldBinding<HTMLInputElement>;
  /** Shown at the end of the label's row (e.g. the "Forgot password?" link). */
  labelAside?: ReactNode;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <TextField
      id={givenId ?? id}
      label={label}
      labelAside={labelAside}
      hint={isNew ? t('field.passwordHint', { min: LIMITS.passwordMinLength }) : undefined}
      name="password"
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      required
      minLength={isNew ? LIMITS.passwordMinLength : undefined}
      {...binding}
    />
  );
}

/** The message for a new password that is too short, or null. */
export function newPasswordProblem(password: string): string | null {
  return password.length < LIMITS.passwordMinLength
    ? translate('validation.passwordTooShort', { min: LIMITS.passwordMinLength })
    : null;
}
