import type { ReactNode } from 'react';
import { localizeText } from '../i18n/errors.ts';
import { useT } from '../i18n/i18n.tsx';

/**
 * Success or error line under a form; announced by screen readers. A shared English message (MESSAGES, a server
 * error) shows in the chosen language.
 */
export function FormStatus({ error, success }: { error?: string | null; success?: string | null }) {
  useT();
  if (error) {
    return (
      <p className="form-status form-status-error" role="alert">
        {localizeText(error)}
      </p>
    );
  }
  if (success) {
    return (
      <p className="form-status form-status-success" role="status">
        {localizeText(success)}
      </p>
    );
  }
  return null;
}

/** A form's status line and its primary submit button (full width unless `block` is false). */
export function FormSubmit({
  error,
  success,
  disabled,
  block = true,
  children,
}: {
  error?: string | null;
  success?: string | null;
  disabled: boolean;
  block?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <FormStatus error={error} success={success} />
      <button
        type="submit"
        className={block ? 'button button-primary button-block' : 'button button-primary'}
        disabled={disabled}
      >
        {children}
      </button>
    </>
  );
}
