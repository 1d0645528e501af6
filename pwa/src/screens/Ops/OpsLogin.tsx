import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { useOpsLogin } from '../../hooks/useAccountForms.ts';
import { AuthCard } from '../../components/auth/AuthCard.tsx';
import { OtpCodeStep, OtpFooter, OtpSendStep } from '../../components/auth/OtpSteps.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { useOtpFlow } from '../../auth/useOtpFlow.ts';
import { PasswordField, PhoneField } from '../../components/AccountFields.tsx';
import { bindText } from '../../components/fieldBinding.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** /ops/login: phone and password, then the OTP texted to that phone (every time); lands on the console. */
export function OpsLogin() {
  const { t } = useT();
  const navigate = useNavigate();
  const { user, login } = useAuth();
  const flow = useOtpFlow();
  const signIn = useOpsLogin();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');

  if (user?.role === 'operator') return <Navigate to="/ops" replace />;

  const handleSendOtp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await flow.sendCode(phone, () => (password ? null : t('validation.passwordRequired')));
  };

  const handleVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const proof = await flow.confirmCode();
    if (!proof) return;
    try {
      const result = await signIn.mutateAsync({ password, ...proof });
      flow.done();
      login(result.token, result.user);
      navigate('/ops', { replace: true });
    } catch (caught) {
      flow.fail(serverMessage(caught, MESSAGES.otpVerifyFailed));
    }
  };

  return (
    <AuthCard eyebrow={t('otp.step', { step: flow.step })} title={t('ops.login.title')}>
      <p className="muted small">{t('ops.login.hint')}</p>
      {flow.step === 1 ? (
        <OtpSendStep flow={flow} onSubmit={handleSendOtp}>
          <PhoneField id="ops-phone" label={t('field.phone')} binding={bindText(phone, setPhone)} />
          <PasswordField
            id="ops-password"
            label={t('field.password')}
            isNew={false}
            binding={bindText(password, setPassword)}
          />
        </OtpSendStep>
      ) : (
        <OtpCodeStep
          flow={flow}
          texts={['ops.login.codeLabel', 'ops.login.submit', 'ops.login.busy']}
          onSubmit={handleVerify}
        />
      )}
      <OtpFooter flow={flow} />
    </AuthCard>
  );
}
