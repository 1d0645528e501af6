import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIMITS, MESSAGES } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { useResetPassword } from '../../hooks/useAccountForms.ts';
import { useOtpFlow } from '../../auth/useOtpFlow.ts';
import { OtpCodeStep, OtpFooter, OtpSendStep } from '../../components/auth/OtpSteps.tsx';
import { AuthCard, AuthSwitch } from '../../components/auth/AuthCard.tsx';
import { newPasswordProblem, PasswordField, PhoneField } from '../../components/AccountFields.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { bindText } from '../../components/fieldBinding.tsx';

/** /forgot-password: phone and Send OTP, then OTP and new password; back to /login after 1.5 s. */
export function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const { t } = useT();
  const flow = useOtpFlow();
  const reset = useResetPassword();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [isDone, setIsDone] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const handleSendOtp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await flow.sendCode(phone);
  };

  const handleReset = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const proof = await flow.confirmCode(() => newPasswordProblem(password));
    if (!proof) return;
    try {
      await reset.mutateAsync({ password, ...proof });
      flow.done();
      setIsDone(true);
      flow.setSuccess(MESSAGES.passwordReset);
      redirectTimer.current = window.setTimeout(
        () => navigate('/login', { replace: true }),
        LIMITS.forgotPasswordRedirectMs,
      );
    } catch (caught) {
      flow.fail(serverMessage(caught, MESSAGES.resetFailed));
    }
  };

  return (
    <AuthCard eyebrow={t('otp.step', { step: flow.step })} title={t('forgot.title')}>
      {flow.step === 1 ? (
        <OtpSendStep flow={flow} onSubmit={handleSendOtp}>
          <PhoneField id="forgot-phone" label={t('forgot.phone')} binding={bindText(phone, setPhone)} />
        </OtpSendStep>
      ) : (
        <OtpCodeStep
          flow={flow}
          locked={isDone}
          texts={['forgot.codeLabel', 'forgot.submit', 'forgot.busy']}
          onSubmit={handleReset}
        >
          <PasswordField label={t('forgot.newPassword')} isNew binding={bindText(password, setPassword)} />
        </OtpCodeStep>
      )}
      <OtpFooter flow={flow} />
      <AuthSwitch text="forgot.remembered" to="/login" />
    </AuthCard>
  );
}
