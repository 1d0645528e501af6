import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES, normalizePhone } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { homePathFor } from '../../auth/homePath.ts';
import { PasswordField, PhoneField } from '../../components/AccountFields.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useLogin } from './useLogin.ts';
import '../../styles/auth.css';
import { useHydrated } from '../../hooks/useHydrated.ts';
import { usePrerenderedField } from '../../hooks/usePrerenderedField.ts';

/** /login (SPEC §2): phone and password; creators land on /creator, everyone else on /dashboard. */
export function LoginScreen() {
  const hydrated = useHydrated();
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
    <section className="auth-page">
      <div className="auth-card card">
        <h1 className="page-title">Welcome back</h1>
        <p className="muted">Log in with your phone number to tip creators and manage your wallet.</p>
        <form className="form" onSubmit={handleSubmit} noValidate>
          <PhoneField id="login-phone" label="Phone number" binding={phone.inputProps} />
          <PasswordField
            id="login-password"
            label="Password"
            isNew={false}
            binding={password.inputProps}
            labelAside={
              <Link to="/forgot-password" className="text-link small">
                Forgot password?
              </Link>
            }
          />
          <FormStatus error={error} />
          <button
            type="submit"
            className="button button-primary button-block"
            disabled={!hydrated || loginMutation.isPending}
          >
            {loginMutation.isPending ? 'Logging in…' : 'Login'}
          </button>
        </form>
        <p className="auth-switch">
          New to Shabaash?{' '}
          <Link to="/register" className="text-link">
            Create an account
          </Link>
        </p>
      </div>
    </section>
  );
}
