import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { linkTo } from '../../components/TextLink.tsx';
import { serverMessage } from '../../api/client.ts';
import { useDeleteAccount, useExportMyData } from './useDashboardMutations.ts';
import { DEFAULT_CONTACT_EMAIL, useConfig, useWalletMode } from '../../api/useConfig.ts';
import { useAuth } from '../../hooks/useAuth.ts';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useBalance } from '../../hooks/useWallet.ts';
import { useT, richText } from '../../i18n/i18n.tsx';
import { money } from '../../i18n/format.ts';
import { Card } from '../../components/Card.tsx';

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
  // No stored wallet (WALLET_MODE=off): no balance to read or to confirm; read once the mode is known.
  const walletMode = useWalletMode();
  const walletOff = walletMode === 'off';
  const balance = useBalance({ enabled: walletMode === 'stored' });
  const { t } = useT();
  const exportMutation = useExportMyData();
  const deleteMutation = useDeleteAccount();
  const contact = config?.contactEmail || DEFAULT_CONTACT_EMAIL;
  const [busy, setBusy] = useState<'export' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const balancePaise = walletOff ? 0 : (balance.data?.balancePaise ?? null);

  const exportData = async () => {
    setBusy('export');
    setError(null);
    setSuccess(null);
    try {
      const data = await exportMutation.mutateAsync();
      download(`shabaash-data-${new Date().toISOString().slice(0, 10)}.json`, data);
      setSuccess(t('dashboard.yourData.downloaded'));
    } catch (caught) {
      setError(serverMessage(caught, t('dashboard.yourData.downloadFailed')));
    } finally {
      setBusy(null);
    }
  };

  const deleteAccount = async () => {
    if (balancePaise === null) return;
    setBusy('delete');
    setError(null);
    try {
      await deleteMutation.mutateAsync(balancePaise);
      await logout();
      navigate('/', { replace: true });
    } catch (caught) {
      setError(serverMessage(caught, t('dashboard.yourData.deleteFailed')));
      void balance.refetch?.();
      setBusy(null);
    }
  };

  return (
    <Card title={t('dashboard.yourData.title')} className="your-data">
      <p className="muted">{richText('dashboard.yourData.lede', linkTo('/privacy'))}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary"
          onClick={exportData}
          disabled={busy !== null}
        >
          {busy === 'export' ? t('dashboard.yourData.preparing') : t('dashboard.yourData.download')}
        </button>
        {!confirming && (
          <button
            type="button"
            className="button button-danger"
            onClick={() => setConfirming(true)}
            disabled={busy !== null}
          >
            {t('dashboard.yourData.delete')}
          </button>
        )}
      </div>
      {confirming && (
        <div className="delete-account" role="group" aria-labelledby={`${id}-delete-title`}>
          <h3 id={`${id}-delete-title`}>{t('dashboard.yourData.confirmTitle')}</h3>
          <p>{t('dashboard.yourData.whatHappens')}</p>
          {walletOff ? null : balancePaise === null ? (
            <p className="muted">{t('dashboard.yourData.loadingBalance')}</p>
          ) : (
            <p data-testid="delete-balance">
              {richText(
                'dashboard.yourData.balance',
                {
                  strong: (text) => <strong>{text}</strong>,
                  mail: (text) => <a href={`mailto:${contact}`}>{text}</a>,
                },
                { amount: money(balancePaise), contact },
              )}
            </p>
          )}
          <label className="checkbox">
            <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
            {t('dashboard.yourData.understand')}
          </label>
          <div className="button-row">
            <button
              type="button"
              className="button button-danger"
              disabled={!confirmed || balancePaise === null || busy !== null}
              onClick={deleteAccount}
            >
              {busy === 'delete' ? t('dashboard.yourData.deleting') : t('dashboard.yourData.deleteMine')}
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
              {t('dashboard.yourData.keep')}
            </button>
          </div>
        </div>
      )}
      <FormStatus error={error} success={success} />
    </Card>
  );
}
