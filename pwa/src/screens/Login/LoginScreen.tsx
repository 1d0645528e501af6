import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES, normalizePhone } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { useAuth } from '../../hooks/useAuth.ts';
import { homePathFor } from '../../auth/homePath.ts';
import { PasswordField, PhoneField } from '../../components/AccountFields.tsx';
import { FormSubmit } from '../../components/FormStatus.tsx';
import { AuthCard, AuthSwitch } from '../../components/auth/AuthCard.tsx';
import { useLogin } from './useLogin.ts';
import { useHydrated } from '../../hooks/useHydrated.ts';
import { usePrerenderedField } from '../../hooks/usePrerenderedField.ts';
import { useT } from '../../i18n/i18n.tsx';
import { WalletCopy } from '../../components/WalletCopy.tsx';

/** /login: phone and password; creators land on /creator, everyone else on /dashboard. */
export function LoginScreen() {
  const hydrated = useHydrated();
  const { t } = useT();
  const navigate = useNavigate();
  const { login } = useAuth();
  const loginMutation = useLogin();
  const phone = usePrerenderedField();
  const password = usePrerenderedField();
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const normalized = normalizePhone(phone.value);
    if (!normalized.ok) {
      setError(normalized.message);
      return;
    }
    try {
      const result = await loginMutation.mutateAsync({ phone: normalized.phone, password: password.value });
      login(result.token, result.user);
      navigate(homePathFor(result.user.role), { replace: true });
    } catch (caught) {
      setError(serverMessage(caught, MESSAGES.loginFailed));
    }
  };

  return (
    <AuthCard title={t('login.title')}>
      <p className="muted">
        <WalletCopy stored={t('login.lede')} off={t('login.ledeWalletOff')} />
      </p>
      <form className="form" onSubmit={handleSubmit} noValidate>
        <PhoneField id="login-phone" label={t('field.phone')} binding={phone.inputProps} />
        <PasswordField
          id="login-password"
          label={t('field.password')}
          isNew={false}
          binding={password.inputProps}
          labelAside={
            <Link to="/forgot-password" className="text-link small">
              {t('login.forgot')}
            </Link>
          }
        />
        <FormSubmit error={error} disabled={!hydrated || loginMutation.isPending}>
          {loginMutation.isPending ? t('login.busy') : t('login.submit')}
        </FormSubmit>
      </form>
      <AuthSwitch text="login.new" to="/register" />
    </AuthCard>
  );
}
