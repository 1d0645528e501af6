import { useId } from 'react';
import { MESSAGES, formatPaise, type WalletTransaction } from '@shabaash/shared';
import { errorMessage } from '../../../api/client.ts';
import { useTransactions } from '../../../hooks/useWallet.ts';
import './slots.css';

const dateFormatter = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** "12 Mar 2026, 7:05 pm" for an ISO timestamp (empty when unreadable). */
function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormatter.format(date);
}

function TransactionRow({ tx }: { tx: WalletTransaction }) {
  const sign = tx.type === 'credit' ? '+' : '−';
  return (
    <li className={`tx-row tx-${tx.type}`} data-type={tx.type}>
      <div className="tx-main">
        <p className="tx-description">{tx.description}</p>
        <time className="tx-date" dateTime={tx.createdAt}>
          {formatWhen(tx.createdAt)}
        </time>
      </div>
      <p className="tx-amount">
        <span className="visually-hidden">{tx.type === 'credit' ? 'Credit' : 'Debit'} </span>
        {sign}
        {formatPaise(tx.amountPaise)}
      </p>
    </li>
  );
}

/** Dashboard wallet activity: the last 10 entries of GET /api/wallet/transactions, newest first. */
export function WalletActivity() {
  const id = useId();
  const transactions = useTransactions();
  return (
    <section className="card" aria-labelledby={`${id}-title`} aria-busy={transactions.isPending}>
      <h2 id={`${id}-title`} className="card-title">
        Wallet activity
      </h2>
      {transactions.isPending ? (
        <p className="muted">Loading...</p>
      ) : transactions.isError ? (
        <p className="form-status form-status-error" role="alert">
          {errorMessage(transactions.error, 'Could not load your wallet activity.')}
        </p>
      ) : transactions.data.length === 0 ? (
        <p className="muted empty-text">{MESSAGES.noTransactions}</p>
      ) : (
        <ul className="tx-list">
          {transactions.data.map((tx) => (
            <TransactionRow key={tx._id} tx={tx} />
          ))}
        </ul>
      )}
    </section>
  );
}
