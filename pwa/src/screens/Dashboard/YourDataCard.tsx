import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatPaise } from '@shabaash/shared';
import { api, serverMessage } from '../../api/client.ts';
import { DEFAULT_CONTACT_EMAIL, useConfig } from '../../api/useConfig.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useBalance } from '../../hooks/useWallet.ts';

/** Saves a JSON value as a file download. */
function download(name: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * "Your data" (DPDP Act): download everything we hold as JSON, or delete the account after being told what
 * happens to the wallet balance and confirming it.
 */
export function YourDataCard() {
  const id = useId();
  const navigate = useNavigate();
  const { logout } = useAuth();
  const { data: config } = useConfig();
  const balance = useBalance();
  const contact = config?.contactEmail || DEFAULT_CONTACT_EMAIL;
  const [busy, setBusy] = useState<'export' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const balancePaise = balance.data?.balancePaise ?? null;

  const exportData = async () => {
    setBusy('export');
    setError(null);
    setSuccess(null);
    try {
      const data = await api('exportMyData');
      download(`shabaash-data-${new Date().toISOString().slice(0, 10)}.json`, data);
      setSuccess('Your data was downloaded.');
    } catch (caught) {
      setError(serverMessage(caught, 'Could not download your data. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const deleteAccount = async () => {
    if (balancePaise === null) return;
    setBusy('delete');
    setError(null);
    try {
      await api('deleteAccount', { input: { confirm: true, balancePaise } });
      await logout();
      navigate('/', { replace: true });
    } catch (caught) {
      setError(serverMessage(caught, 'Could not delete your account. Please try again.'));
      void balance.refetch?.();
      setBusy(null);
    }
  };

  return (
    <section className="card your-data" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        Your data
      </h2>
      <p className="muted">
        Download everything we hold about you, or delete your account. See our{' '}
        <Link to="/privacy" className="text-link">
          privacy notice
        </Link>
        .
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary"
          onClick={exportData}
          disabled={busy !== null}
        >
          {busy === 'export' ? 'Preparing…' : 'Download my data'}
        </button>
        {!confirming && (
          <button
            type="button"
            className="button button-danger"
            onClick={() => setConfirming(true)}
            disabled={busy !== null}
          >
            Delete account
          </button>
        )}
      </div>
      {confirming && (
        <div className="delete-account" role="group" aria-labelledby={`${id}-delete-title`}>
          <h3 id={`${id}-delete-title`}>Delete your account?</h3>
          <p>
            Your name, phone number, picture and password are erased and you are signed out everywhere at
            once. Your payments, wallet entries and tips stay in our records, as Indian law requires, under
            the name &ldquo;Deleted user&rdquo;.
          </p>
          {balancePaise === null ? (
            <p className="muted">Loading your balance…</p>
          ) : (
            <p data-testid="delete-balance">
              Your wallet holds <strong>{formatPaise(balancePaise)}</strong>. After deletion it can no longer
              be spent; it stays in our records and is refunded to your original payment method if you write
              to <a href={`mailto:${contact}`}>{contact}</a> within 180 days.
            </p>
          )}
          <label className="checkbox">
            <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />I
            understand, delete my account
          </label>
          <div className="button-row">
            <button
              type="button"
              className="button button-danger"
              disabled={!confirmed || balancePaise === null || busy !== null}
              onClick={deleteAccount}
            >
              {busy === 'delete' ? 'Deleting…' : 'Delete my account'}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setConfirming(false);
                setConfirmed(false);
              }}
              disabled={busy !== null}
            >
              Keep my account
            </button>
          </div>
        </div>
      )}
      <FormStatus error={error} success={success} />
    </section>
  );
}
