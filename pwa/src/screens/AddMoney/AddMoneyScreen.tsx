import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LIMITS, MESSAGES, formatPaise, type PaymentOrder, type PaymentOrderStatus } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { useConfig } from '../../api/useConfig.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { FormStatus } from '../../components/FormStatus.tsx';
import { CheckoutError, openCheckout } from '../../payments/checkout.ts';
import { useAddMoney, useBalance, useOrderStatus, useRefreshWallet } from '../../hooks/useWallet.ts';
import { parseRupeeAmount } from '../../lib/amount.ts';
import './addMoney.css';

/** Quick picks for the amount, in rupees. */
const QUICK_AMOUNTS_RUPEES = [100, 250, 500, 1000] as const;

type Phase = 'idle' | 'creating' | 'checkout' | 'paid' | 'failed';

const ORDER_STATE_TEXT: Record<PaymentOrderStatus['status'], string> = {
  created: 'Pending: waiting for the payment provider to confirm.',
  paid: 'Received: the money is in your wallet.',
  failed: 'Failed: no money was added.',
};

function OrderStatusLine({
  orderId,
  startedAt,
  onPaid,
}: {
  orderId: string;
  startedAt: number;
  onPaid: () => void;
}) {
  const status = useOrderStatus(orderId, startedAt);
  const state = status.data?.status;
  // The webhook may land later than the 4 s refresh: refresh once more when the order is confirmed paid.
  useEffect(() => {
    if (state === 'paid') onPaid();
  }, [state, onPaid]);
  if (!status.data) return <dd>Checking…</dd>;
  const { failureReason } = status.data;
  return (
    <dd data-order-status={status.data.status}>
      {ORDER_STATE_TEXT[status.data.status]}
      {status.data.status === 'failed' && failureReason ? ` ${failureReason}` : ''}
    </dd>
  );
}

function OrderConfirmation({
  order,
  startedAt,
  onPaid,
}: {
  order: PaymentOrder;
  startedAt: number;
  onPaid: () => void;
}) {
  const id = useId();
  return (
    <section className="card order-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        Order confirmation
      </h2>
      <dl className="order-details">
        <div>
          <dt>Order ID</dt>
          <dd className="order-id">{order.id}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd className="order-amount">{formatPaise(order.amount)}</dd>
        </div>
        <div>
          <dt>Currency</dt>
          <dd>{order.currency}</dd>
        </div>
        <div aria-live="polite">
          <dt>Payment status</dt>
          <OrderStatusLine orderId={order.id} startedAt={startedAt} onPaid={onPaid} />
        </div>
      </dl>
    </section>
  );
}

/** /add-money (SPEC §2, §4 Top-up): amount form, how-it-works steps, order confirmation box and checkout. */
export function AddMoneyScreen() {
  const id = useId();
  const { user } = useAuth();
  const config = useConfig();
  const addMoney = useAddMoney();
  const refreshWallet = useRefreshWallet();
  const balance = useBalance();
  const [amount, setAmount] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [order, setOrder] = useState<{ order: PaymentOrder; startedAt: number } | null>(null);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
    },
    [],
  );

  const isBusy = phase === 'creating' || phase === 'checkout';

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    const rupees = parseRupeeAmount(amount);
    if (rupees === null) {
      setError(MESSAGES.invalidAmount);
      return;
    }
    setPhase('creating');
    let created: PaymentOrder;
    try {
      created = await addMoney.mutateAsync(rupees);
    } catch (caught) {
      setPhase('idle');
      setError(serverMessage(caught, MESSAGES.orderCreateFailed));
      return;
    }
    setOrder({ order: created, startedAt: Date.now() });
    setPhase('checkout');
    try {
      const settings = config.data ?? (await config.refetch()).data;
      if (!settings) throw new CheckoutError(MESSAGES.checkoutLoadFailed);
      await openCheckout(
        {
          scriptUrl: settings.checkoutScriptUrl,
          key: settings.razorpayKeyId,
          order: created,
          payerName: user?.name,
        },
        {
          onPaid: () => {
            setPhase('paid');
            setError(null);
            setSuccess(MESSAGES.topUpSuccess);
            setAmount('');
            if (refreshTimer.current) clearTimeout(refreshTimer.current);
            refreshTimer.current = setTimeout(
              () => void refreshWallet(),
              LIMITS.balanceRefreshAfterPaymentMs,
            );
          },
          onFailed: (message) => {
            setPhase('failed');
            setSuccess(null);
            setError(message);
          },
          onDismiss: () => setPhase((current) => (current === 'checkout' ? 'idle' : current)),
        },
      );
    } catch (caught) {
      setPhase('idle');
      setError(caught instanceof CheckoutError ? caught.message : MESSAGES.checkoutLoadFailed);
    }
  };

  return (
    <div className="page container add-money">
      <header className="add-money-header">
        <p className="eyebrow">Wallet</p>
        <h1 className="page-title">Add Money</h1>
        <p className="muted">
          Top up your Shabaash wallet with UPI or card and tip your favourite creators in one tap.
        </p>
      </header>
      <div className="add-money-grid">
        <section className="card" aria-labelledby={`${id}-form-title`}>
          <h2 id={`${id}-form-title`} className="card-title">
            Amount
          </h2>
          <p className="muted current-balance">
            Current balance:{' '}
            <strong data-testid="current-balance">
              {balance.data ? formatPaise(balance.data.balancePaise) : '…'}
            </strong>
          </p>
          <form className="form" onSubmit={handleSubmit} noValidate>
            <div className="field">
              <label htmlFor={`${id}-amount`}>Amount (₹)</label>
              <input
                id={`${id}-amount`}
                name="amount"
                type="number"
                inputMode="decimal"
                min={LIMITS.topUpMinRupees}
                step="0.01"
                required
                placeholder="250"
                aria-describedby={`${id}-amount-hint`}
                aria-invalid={error === MESSAGES.invalidAmount ? true : undefined}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
              <p id={`${id}-amount-hint`} className="hint">
                Minimum ₹{LIMITS.topUpMinRupees}.
              </p>
            </div>
            <div className="quick-amounts" role="group" aria-label="Quick amounts">
              {QUICK_AMOUNTS_RUPEES.map((value) => (
                <button
                  key={value}
                  type="button"
                  className="button button-secondary button-small"
                  aria-pressed={amount === String(value)}
                  onClick={() => setAmount(String(value))}
                >
                  ₹{value}
                </button>
              ))}
            </div>
            <FormStatus error={error} success={success} />
            <button type="submit" className="button button-primary button-block" disabled={isBusy}>
              {phase === 'creating'
                ? 'Creating order…'
                : phase === 'checkout'
                  ? 'Waiting for payment…'
                  : 'Add Money'}
            </button>
          </form>
          {phase === 'paid' ? (
            <p className="hint add-money-back">
              <Link to="/dashboard" className="text-link">
                Back to your dashboard
              </Link>
            </p>
          ) : null}
        </section>
        <div className="add-money-side">
          {order ? (
            <OrderConfirmation order={order.order} startedAt={order.startedAt} onPaid={refreshWallet} />
          ) : null}
          <section className="card" aria-labelledby={`${id}-how-title`}>
            <h2 id={`${id}-how-title`} className="card-title">
              How it works
            </h2>
            <ol className="steps">
              <li>
                <strong>Enter an amount.</strong> Anything from ₹{LIMITS.topUpMinRupees}.
              </li>
              <li>
                <strong>Pay securely.</strong> Use UPI or a card in the payment provider's checkout.
              </li>
              <li>
                <strong>Tip away.</strong> Your wallet is credited as soon as the payment provider confirms
                the payment.
              </li>
            </ol>
          </section>
        </div>
      </div>
    </div>
  );
}
