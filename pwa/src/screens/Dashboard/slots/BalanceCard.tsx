import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatPaise } from '@shabaash/shared';
import { errorMessage } from '../../../api/client.ts';
import { useBalance } from '../../../hooks/useWallet.ts';
import './slots.css';

/** Dashboard balance card: GET /api/wallet/balance, shown as en-IN rupees with two decimals. */
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
      ) : balance.isError ? (
        <p className="form-status form-status-error" role="alert">
          {errorMessage(balance.error, 'Could not load your balance.')}
        </p>
      ) : (
        <p className="balance-amount balance-loading" aria-hidden="true">
          ₹—
        </p>
      )}
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
