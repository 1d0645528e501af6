import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { LIMITS, MESSAGES, normalizePhone } from '@shabaash/shared';
import { api, serverMessage } from '../../api/client.ts';
import { OtpNotRequestedError, usePhoneOtp } from '../../auth/usePhoneOtp.ts';
import { RecaptchaUnavailableError } from '../../auth/phoneAuth.ts';
import { FormStatus } from '../../components/FormStatus.tsx';
import { SandboxOtpHint } from '../../components/SandboxOtpHint.tsx';
import '../../styles/auth.css';

const PASSWORD_TOO_SHORT = `Password must be at least ${LIMITS.passwordMinLength} characters.`;

/** POST /api/auth/reset-password with the Firebase ID token. */
function useResetPassword() {
  return useMutation({
    mutationFn: (input: { phone: string; password: string; firebaseToken: string }) =>
      api('resetPassword', { input }),
  });
}

/** /forgot-password (SPEC §2, §4): phone and Send OTP, then OTP and new password; back to /login after 1.5 s. */
export function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const otp = usePhoneOtp();
  const reset = useResetPassword();
  const [step, setStep] = useState<1 | 2>(1);
  const [phone, setPhone] = useState('');
  const [phone10, setPhone10] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const handleSendOtp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    const normalized = normalizePhone(phone);
    if (!normalized.ok) return setError(normalized.message);
    setIsBusy(true);
    try {
      await otp.send(normalized.phone);
      setPhone10(normalized.phone);
      setCode('');
      setStep(2);
      setSuccess(MESSAGES.otpSent);
    } catch (caught) {
      setError(caught instanceof RecaptchaUnavailableError ? caught.message : MESSAGES.otpSendFailed);
    } finally {
      setIsBusy(false);
    }
  };

  const handleReset = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    if (!/^\d{6}$/.test(code.trim())) return setError('Enter the 6-digit code we sent you.');
    if (password.length < LIMITS.passwordMinLength) return setError(PASSWORD_TOO_SHORT);
    if (!phone10) return setError(MESSAGES.requestOtpFirst);
    setIsBusy(true);
    let firebaseToken: string;
    try {
      firebaseToken = await otp.verify(code.trim());
    } catch (caught) {
      setIsBusy(false);
      return setError(caught instanceof OtpNotRequestedError ? caught.message : MESSAGES.otpVerifyFailed);
    }
    try {
      await reset.mutateAsync({ phone: phone10, password, firebaseToken });
      otp.discard();
      setIsDone(true);
      setSuccess(MESSAGES.passwordReset);
      redirectTimer.current = window.setTimeout(
        () => navigate('/login', { replace: true }),
        LIMITS.forgotPasswordRedirectMs,
      );
    } catch (caught) {
      setError(serverMessage(caught, MESSAGES.resetFailed));
      setIsBusy(false);
    }
  };

  const handleResend = () => {
    otp.discard();
    setCode('');
    setError(null);
    setSuccess(null);
    setStep(1);
  };

  return (
    <section className="auth-page">
      <div className="auth-card card">
        <p className="eyebrow">Step {step} of 2</p>
        <h1 className="page-title">Reset your password</h1>
        {step === 1 ? (
          <form className="form" onSubmit={handleSendOtp} noValidate>
            <div className="field">
              <label htmlFor="forgot-phone">Registered phone number</label>
              <input
                id="forgot-phone"
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder="98765 43210"
                required
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
              />
            </div>
            <FormStatus error={error} success={success} />
            <button type="submit" className="button button-primary button-block" disabled={isBusy}>
              {isBusy ? 'Sending OTP…' : 'Send OTP'}
            </button>
          </form>
        ) : (
          <form className="form" onSubmit={handleReset} noValidate>
            <p className="muted">
              We texted a 6-digit code to <strong>+91 {phone10}</strong>.
            </p>
            <div className="field">
              <label htmlFor="forgot-otp">OTP</label>
              <input
                id="forgot-otp"
                name="otp"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={LIMITS.otpLength}
                required
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              />
            </div>
            <div className="field">
              <label htmlFor="forgot-password">New password</label>
              <input
                id="forgot-password"
                name="password"
                type="password"
                autoComplete="new-password"
                minLength={LIMITS.passwordMinLength}
                required
                aria-describedby="forgot-password-hint"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <p id="forgot-password-hint" className="hint">
                At least {LIMITS.passwordMinLength} characters.
              </p>
            </div>
            <FormStatus error={error} success={success} />
            <button type="submit" className="button button-primary button-block" disabled={isBusy || isDone}>
              {isBusy && !isDone ? 'Resetting…' : 'Reset password'}
            </button>
            <button
              type="button"
              className="button button-ghost button-block"
              onClick={handleResend}
              disabled={isBusy || isDone}
            >
              Resend OTP
            </button>
          </form>
        )}
        <SandboxOtpHint phone10={phone10} sentCount={otp.sentCount} />
        <div ref={otp.recaptchaRef} className="recaptcha-slot" />
        <p className="auth-switch">
          Remembered it?{' '}
          <Link to="/login" className="text-link">
            Back to login
          </Link>
        </p>
      </div>
    </section>
  );
}
