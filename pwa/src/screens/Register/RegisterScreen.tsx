import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { dateOfBirthSchema, MESSAGES } from '@shabaash/shared';
import { useConfig } from '../../api/useConfig.ts';
import { ApiError, serverMessage } from '../../api/client.ts';
import { useRegister } from '../../hooks/useAccountForms.ts';
import { useAuth } from '../../hooks/useAuth.ts';
import { homePathFor } from '../../auth/homePath.ts';
import { useOtpFlow } from '../../auth/useOtpFlow.ts';
import { OtpCodeStep, OtpFooter, OtpSendStep } from '../../components/auth/OtpSteps.tsx';
import { AuthCard, AuthSwitch } from '../../components/auth/AuthCard.tsx';
import { newPasswordProblem, PasswordField, PhoneField } from '../../components/AccountFields.tsx';
import { TextField } from '../../components/TextField.tsx';
import { linkTo } from '../../components/TextLink.tsx';
import { richText, useT } from '../../i18n/i18n.tsx';
import { bindText } from '../../components/fieldBinding.tsx';
import { useWalletMode } from '../../api/useConfig.ts';

/** /register: details and Send OTP, then the 6-digit code; logs in and redirects by role. */
export function RegisterScreen() {
  const navigate = useNavigate();
  const { t } = useT();
  const { login } = useAuth();
  const walletMode = useWalletMode();
  const flow = useOtpFlow();
  const register = useRegister();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const { data: config } = useConfig();
  const asksDateOfBirth = (config?.legal.minimumAgeWithoutConsent ?? 0) > 0;

  const handleSendOtp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) return flow.fail(t('validation.nameRequired'));
    await flow.sendCode(phone, () => newPasswordProblem(password) ?? dateOfBirthProblem());
  };

  /** A real date of birth, checked with the shared rule before the OTP is sent. */
  const dateOfBirthProblem = () =>
    asksDateOfBirth && !dateOfBirthSchema.safeParse(dateOfBirth).success ? MESSAGES.dateOfBirthInvalid : null;

  const handleVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const proof = await flow.confirmCode();
    if (!proof) return;
    flow.setSuccess(MESSAGES.otpVerified);
    try {
      const result = await register.mutateAsync({
        name: name.trim(),
        password,
        ...(asksDateOfBirth ? { dateOfBirth } : {}),
        ...proof,
      });
      flow.done();
      login(result.token, result.user);
      navigate(homePathFor(result.user.role), { replace: true });
    } catch (caught) {
      flow.fail(
        caught instanceof ApiError
          ? serverMessage(caught, MESSAGES.otpVerifyFailed)
          : MESSAGES.otpVerifyFailed,
      );
    }
  };

  return (
    <AuthCard eyebrow={t('otp.step', { step: flow.step })} title={t('register.title')}>
      <ul className="perks" aria-label={t('register.perks')}>
        {walletMode === 'off' ? (
          <li>{t('register.perkCheckout')}</li>
        ) : (
          <>
            <li>{t('register.perkBonus')}</li>
            <li>{t('register.perkCashback')}</li>
          </>
        )}
      </ul>

      {flow.step === 1 ? (
        <OtpSendStep flow={flow} onSubmit={handleSendOtp}>
          <TextField
            id="register-name"
            label={t('register.fullName')}
            name="name"
            autoComplete="name"
            required
            maxLength={80}
            {...bindText(name, setName)}
          />
          <PhoneField id="register-phone" label={t('field.phone')} binding={bindText(phone, setPhone)} />
          <PasswordField label={t('field.password')} isNew binding={bindText(password, setPassword)} />
          {asksDateOfBirth ? (
            <TextField
              id="register-dob"
              label={t('field.dateOfBirth')}
              hint={t('register.dateOfBirthHint', { age: config?.legal.minimumAgeWithoutConsent ?? 18 })}
              name="bday"
              type="date"
              autoComplete="bday"
              required
              {...bindText(dateOfBirth, setDateOfBirth)}
            />
          ) : null}
        </OtpSendStep>
      ) : (
        <OtpCodeStep
          flow={flow}
          texts={['register.codeLabel', 'register.verify', 'register.verifying']}
          onSubmit={handleVerify}
        />
      )}
      <OtpFooter flow={flow} />
      <p className="muted small">{richText('register.privacy', linkTo('/privacy'))}</p>
      <AuthSwitch text="register.haveAccount" to="/login" />
    </AuthCard>
  );
}
