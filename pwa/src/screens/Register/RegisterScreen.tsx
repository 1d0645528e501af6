import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { LIMITS, MESSAGES, normalizePhone } from '@shabaash/shared';
import { api, ApiError, serverMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { homePathFor } from '../../auth/homePath.ts';
import { OtpNotRequestedError, usePhoneOtp } from '../../auth/usePhoneOtp.ts';
import { RecaptchaUnavailableError } from '../../auth/phoneAuth.ts';
import { FormStatus } from '../../components/FormStatus.tsx';
import { SandboxOtpHint } from '../../components/SandboxOtpHint.tsx';
import '../../styles/auth.css';

const PASSWORD_TOO_SHORT = `Password must be at least ${LIMITS.passwordMinLength} characters.`;

/** POST /api/auth/register with the Firebase ID token; answers { token, user }. */
function useRegister() {
  return useMutation({
    mutationFn: (input: { name: string; phone: string; password: string; firebaseToken: string }) =>
      api('register', { input }),
  });
}

/** /register (SPEC §2, §4): details and Send OTP, then the 6-digit code; logs in and redirects by role. */
export function RegisterScreen() {
  const navigate = useNavigate();
  const { login } = useAuth();
  const otp = usePhoneOtp();
  const register = useRegister();
  const [step, setStep] = useState<1 | 2>(1);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [phone10, setPhone10] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const handleSendOtp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    if (!name.trim()) return setError('Name is required.');
    const normalized = normalizePhone(phone);
    if (!normalized.ok) return setError(normalized.message);
    if (password.length < LIMITS.passwordMinLength) return setError(PASSWORD_TOO_SHORT);
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

  const handleVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    if (!/^\d{6}$/.test(code.trim())) return setError('Enter the 6-digit code we sent you.');
    if (!phone10) return setError(MESSAGES.requestOtpFirst);
    setIsBusy(true);
    let firebaseToken: string;
    try {
      firebaseToken = await otp.verify(code.trim());
    } catch (caught) {
      setIsBusy(false);
      return setError(caught instanceof OtpNotRequestedError ? caught.message : MESSAGES.otpVerifyFailed);
    }
    setSuccess(MESSAGES.otpVerified);
    try {
      const result = await register.mutateAsync({
        name: name.trim(),
        phone: phone10,
        password,
        firebaseToken,
      });
      otp.discard();
      login(result.token, result.user);
      navigate(homePathFor(result.user.role), { replace: true });
    } catch (caught) {
      setSuccess(null);
      setError(
        caught instanceof ApiError
          ? serverMessage(caught, MESSAGES.otpVerifyFailed)
          : MESSAGES.otpVerifyFailed,
      );
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
        <h1 className="page-title">Create your Shabaash account</h1>
        <ul className="perks" aria-label="Why join">
          <li>A welcome bonus lands in your wallet when it is created.</li>
          <li>Earn cashback rewards every time you tip from your wallet.</li>
        </ul>

        {step === 1 ? (
          <form className="form" onSubmit={handleSendOtp} noValidate>
            <div className="field">
              <label htmlFor="register-name">Full name</label>
              <input
                id="register-name"
                name="name"
                autoComplete="name"
                required
                maxLength={80}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="register-phone">Phone number</label>
              <input
                id="register-phone"
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
            <div className="field">
              <label htmlFor="register-password">Password</label>
              <input
                id="register-password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
                minLength={LIMITS.passwordMinLength}
                aria-describedby="register-password-hint"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <p id="register-password-hint" className="hint">
                At least {LIMITS.passwordMinLength} characters.
              </p>
            </div>
            <FormStatus error={error} success={success} />
            <button type="submit" className="button button-primary button-block" disabled={isBusy}>
              {isBusy ? 'Sending OTP…' : 'Send OTP'}
            </button>
          </form>
        ) : (
          <form className="form" onSubmit={handleVerify} noValidate>
            <p className="muted">
              We texted a 6-digit code to <strong>+91 {phone10}</strong>.
            </p>
            <div className="field">
              <label htmlFor="register-otp">6-digit code</label>
              <input
                id="register-otp"
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
            <FormStatus error={error} success={success} />
            <button type="submit" className="button button-primary button-block" disabled={isBusy}>
              {isBusy ? 'Verifying…' : 'Verify and continue'}
            </button>
            <button
              type="button"
              className="button button-ghost button-block"
              onClick={handleResend}
              disabled={isBusy}
            >
              Resend OTP
            </button>
          </form>
        )}
        <SandboxOtpHint phone10={phone10} sentCount={otp.sentCount} />
        <div ref={otp.recaptchaRef} className="recaptcha-slot" />
        <p className="auth-switch">
          Already have an account?{' '}
          <Link to="/login" className="text-link">
            Login
          </Link>
        </p>
      </div>
    </section>
  );
}
