import { useId, type FormEvent, type ReactNode } from 'react';
import { LIMITS } from '@shabaash/shared';
import { FormSubmit } from '../FormStatus.tsx';
import { TextField } from '../TextField.tsx';
import { SandboxOtpHint } from '../SandboxOtpHint.tsx';
import type { OtpFlow } from '../../auth/useOtpFlow.ts';
import { richText, useT, type MessageKey } from '../../i18n/i18n.tsx';

/** Step 2 of an OTP form: where the code went, the code field, the screen's extra fields, submit and Resend OTP. */
export function OtpCodeStep({
  flow,
  texts: [codeLabel, submitLabel, busyLabel],
  locked = false,
  onSubmit,
  children,
}: {
  flow: OtpFlow;
  /** The code field's label, the submit button's text, and its text while busy. */
  texts: readonly [MessageKey, MessageKey, MessageKey];
  /** True once the job is done (e.g. waiting for a redirect): nothing can be sent again. */
  locked?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children?: ReactNode;
}) {
  const id = useId();
  const { t } = useT();
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="muted">
        {richText('otp.sentTo', { strong: (text) => <strong>{text}</strong> }, { phone: flow.phone10 ?? '' })}
      </p>
      <TextField
        id={id}
        label={t(codeLabel)}
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={LIMITS.otpLength}
        required
        value={flow.code}
        onChange={(e) => flow.setCode(e.target.value)}
      />
      {children}
      <FormSubmit error={flow.error} success={flow.success} disabled={flow.isBusy || locked}>
        {t(flow.isBusy && !locked ? busyLabel : submitLabel)}
      </FormSubmit>
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

/** Step 1 of an OTP form: the screen's fields, the status line and Send OTP. */
export function OtpSendStep({
  flow,
  onSubmit,
  children,
}: {
  flow: OtpFlow;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {children}
      <FormSubmit error={flow.error} success={flow.success} disabled={flow.isBusy}>
        {flow.isBusy ? t('otp.sending') : t('otp.send')}
      </FormSubmit>
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
