import { Link } from 'react-router-dom';
import { errorMessage } from '../../../api/client.ts';
import { useBalance } from '../../../hooks/useWallet.ts';
import './slots.css';
import { SlotCard } from './SlotCard.tsx';
import { useT } from '../../../i18n/i18n.tsx';
import { money, dateTime } from '../../../i18n/format.ts';

/**
 * Dashboard balance card: the balance from the offline mirror (GET /api/wallet/balance on every sync), shown as
 * en-IN rupees with two decimals; says so when it is a saved, possibly stale value or tips are still queued.
 */
export function BalanceCard() {
  const balance = useBalance();
  const { t } = useT();
  return (
    <SlotCard title={t('dashboard.balance.title')} busy={balance.isPending} className="balance-card">
      {balance.data ? (
        <p className="balance-amount" data-testid="wallet-balance">
          {money(balance.data.balancePaise)}
        </p>
      ) : balance.isOffline ? (
        <p className="balance-amount balance-loading" aria-hidden="true">
          ₹—
        </p>
      ) : balance.isError ? (
        <p className="form-status form-status-error" role="alert">
          {errorMessage(balance.error, t('dashboard.balance.loadFailed'))}
        </p>
      ) : (
        <p className="balance-amount balance-loading" aria-hidden="true">
          ₹—
        </p>
      )}
      {balance.isOffline ? (
        <p className="hint balance-note" data-testid="balance-offline">
          {balance.data ? t('dashboard.balance.offline') : t('dashboard.balance.unknownOffline')}
          {balance.data && balance.confirmedAt
            ? ` ${t('dashboard.balance.savedAt', { when: dateTime(balance.confirmedAt) })}`
            : ''}
        </p>
      ) : null}
      {balance.pendingPaise > 0 ? (
        <p className="hint balance-note" data-testid="balance-pending">
          {t('dashboard.balance.pending', { amount: money(balance.pendingPaise) })}
        </p>
      ) : null}
      <div className="button-row">
        <Link to="/add-money" className="button button-secondary button-small">
          {t('dashboard.balance.topUp')}
        </Link>
        {balance.isError ? (
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => void balance.refetch()}
          >
            {t('dashboard.retry')}
          </button>
        ) : null}
      </div>
    </SlotCard>
  );
}
