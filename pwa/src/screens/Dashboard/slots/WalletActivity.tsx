import { useTransactions } from '../../../hooks/useWallet.ts';
import type { MirroredTransaction } from '../../../sync/db.ts';
import './slots.css';
import { SlotCard, SlotList } from './SlotCard.tsx';
import { useT, translate } from '../../../i18n/i18n.tsx';
import { money, dateTime } from '../../../i18n/format.ts';

/** "12 Mar 2026, 7:05 pm" for an ISO timestamp (empty when unreadable). */
function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime(date);
}

/**
 * A ledger description in the chosen language: the server writes SPEC's English ("Wallet top-up", "Tip to Riya",
 * "Welcome bonus"); any other description shows as written.
 */
function describe(description: string): string {
  if (description === 'Welcome bonus') return translate('dashboard.tx.welcomeBonus');
  if (description === 'Wallet top-up') return translate('dashboard.tx.topUp');
  const tipTo = /^Tip to (.+)$/.exec(description);
  return tipTo ? translate('dashboard.tx.tipTo', { name: tipTo[1]! }) : description;
}

function TransactionRow({ tx }: { tx: MirroredTransaction }) {
  const sign = tx.type === 'credit' ? '+' : '−';
  const pending = tx.pending === 1;
  return (
    <li
      className={`tx-row tx-${tx.type}${pending ? ' tx-pending' : ''}`}
      data-type={tx.type}
      data-pending={pending ? 'true' : undefined}
    >
      <div className="tx-main">
        <p className="tx-description">{describe(tx.description)}</p>
        {pending ? (
          <p className="tx-pending-mark" data-testid="pending-mark">
            {translate('dashboard.queuedMark')}
          </p>
        ) : null}
        <time className="tx-date" dateTime={tx.createdAt}>
          {formatWhen(tx.createdAt)}
        </time>
      </div>
      <p className="tx-amount">
        <span className="visually-hidden">
          {translate(tx.type === 'credit' ? 'dashboard.activity.credit' : 'dashboard.activity.debit')}{' '}
        </span>
        {sign}
        {money(tx.amountPaise)}
      </p>
    </li>
  );
}

/** What the list says when it could not load, and when it is empty. */
const TEXTS = ['dashboard.activity.loadFailed', 'msg.noTransactions'] as const;

/**
 * Dashboard wallet activity: the last 10 entries (GET /api/wallet/transactions, mirrored offline), newest
 * first, with queued tips on top marked as not yet charged.
 */
export function WalletActivity() {
  const transactions = useTransactions();
  const { t } = useT();
  return (
    <SlotCard title={t('dashboard.activity.title')} busy={transactions.isPending}>
      {transactions.isOffline ? (
        <p className="hint" data-testid="activity-offline">
          {t('dashboard.activity.offline')}
        </p>
      ) : null}
      <SlotList query={transactions} texts={TEXTS} className="tx-list">
        {(tx) => <TransactionRow key={tx._id} tx={tx} />}
      </SlotList>
    </SlotCard>
  );
}
