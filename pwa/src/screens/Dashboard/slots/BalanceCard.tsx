import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatPaise } from '@shabaash/shared';
import { errorMessage } from '../../../api/client.ts';
import { useBalance } from '../../../hooks/useWallet.ts';
import './slots.css';

/** Shown when the saved balance may be stale because the server cannot be reached. */
export const BALANCE_OFFLINE_TEXT = "You're offline. This is your last saved balance; it may be out of date.";
/** Shown offline before any balance was ever saved on this device. */
export const BALANCE_UNKNOWN_OFFLINE_TEXT = "You're offline. Your balance will load when you're back online.";

const savedAt = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Dashboard balance card: the balance from the offline mirror (GET /api/wallet/balance on every sync), shown as
 * en-IN rupees with two decimals; says so when it is a saved, possibly stale value or tips are still queued.
 */
export function BalanceCard() {
  const id = useId();
  const balance = useBalance();
  return (
    <section className="card balance-card" aria-labelledby={`${id}-title`} aria-busy={balance.isPending}>
      <h2 id={`${id}-title`} className="card-title">
        Wallet balance
      </h2>
      {balance.data ? (
        <p className="balance-amount" data-testid="wallet-balance">
          {formatPaise(balance.data.balancePaise)}
        </p>
      ) : balance.isOffline ? (
        <p className="balance-amount balance-loading" aria-hidden="true">
          ₹—
        </p>
      ) : balance.isError ? (
        <p className="form-status form-status-error" role="alert">
          {errorMessage(balance.error, 'Could not load your balance.')}
        </p>
      ) : (
        <p className="balance-amount balance-loading" aria-hidden="true">
          ₹—
        </p>
      )}
      {balance.isOffline ? (
        <p className="hint balance-note" data-testid="balance-offline">
          {balance.data ? BALANCE_OFFLINE_TEXT : BALANCE_UNKNOWN_OFFLINE_TEXT}
          {balance.data && balance.confirmedAt
            ? ` Saved ${savedAt.format(new Date(balance.confirmedAt))}.`
            : ''}
        </p>
      ) : null}
      {balance.pendingPaise > 0 ? (
        <p className="hint balance-note" data-testid="balance-pending">
          {formatPaise(balance.pendingPaise)} in queued tips, not yet charged.
        </p>
      ) : null}
      <div className="button-row">
        <Link to="/add-money" className="button button-secondary button-small">
          Top up
        </Link>
        {balance.isError ? (
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => void balance.refetch()}
          >
            Retry
          </button>
        ) : null}
      </div>
    </section>
  );
}
