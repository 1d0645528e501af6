import type { FormEvent, ReactNode } from 'react';
import { LIMITS } from '@shabaash/shared';
import { FormStatus } from '../components/FormStatus.tsx';
import { SandboxOtpHint } from '../components/SandboxOtpHint.tsx';
import type { OtpFlow } from './useOtpFlow.ts';
import { richText, useT } from '../i18n/i18n.tsx';

/** Step 2 of an OTP form: where the code went, the code field, the screen's extra fields, submit and Resend OTP. */
export function OtpCodeStep({
  flow,
  id,
  codeLabel,
  submitLabel,
  busyLabel,
  locked = false,
  onSubmit,
  children,
}: {
  flow: OtpFlow;
  id: string;
  codeLabel: string;
  submitLabel: string;
  busyLabel: string;
  /** True once the job is done (e.g. waiting for a redirect): nothing can be sent again. */
  locked?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children?: ReactNode;
}) {
  const { t } = useT();
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="muted">
        {richText('otp.sentTo', { strong: (text) => <strong>{text}</strong> }, { phone: flow.phone10 ?? '' })}
      </p>
      <div className="field">
        <label htmlFor={id}>{codeLabel}</label>
        <input
          id={id}
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={LIMITS.otpLength}
          required
          value={flow.code}
          onChange={(e) => flow.setCode(e.target.value)}
        />
      </div>
      {children}
      <FormStatus error={flow.error} success={flow.success} />
      <button type="submit" className="button button-primary button-block" disabled={flow.isBusy || locked}>
        {flow.isBusy && !locked ? busyLabel : submitLabel}
      </button>
      <button
        type="button"
        className="button button-ghost button-block"
        onClick={flow.resend}
        disabled={flow.isBusy || locked}
      >
        {t('otp.resend')}
      </button>
    </form>
  );
}

/** The sandbox OTP hint and the invisible reCAPTCHA's slot, under either step. */
export function OtpFooter({ flow }: { flow: OtpFlow }) {
  return (
    <>
      <SandboxOtpHint phone10={flow.phone10} sentCount={flow.sentCount} />
      <div ref={flow.recaptchaRef} className="recaptcha-slot" />
    </>
  );
}
