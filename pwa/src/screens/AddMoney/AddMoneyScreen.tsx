import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LIMITS, MESSAGES, type PaymentOrder, type PaymentOrderStatus } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { useConfig } from '../../api/useConfig.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { FormStatus } from '../../components/FormStatus.tsx';
import { CheckoutError, openCheckout } from '../../payments/checkout.ts';
import { useAddMoney, useBalance, useOrderStatus, useRefreshWallet } from '../../hooks/useWallet.ts';
import { parseRupeeAmount } from '../../lib/amount.ts';
import { richText, useT, type MessageKey } from '../../i18n/i18n.tsx';
import { money } from '../../i18n/format.ts';
import './addMoney.css';

/** The top-up minimum as the page has always written it ("₹10"). */
const MINIMUM = `₹${LIMITS.topUpMinRupees}`;
const strong = (text: string) => <strong>{text}</strong>;

/** Quick picks for the amount, in rupees. */
const QUICK_AMOUNTS_RUPEES = [100, 250, 500, 1000] as const;

type Phase = 'idle' | 'creating' | 'checkout' | 'paid' | 'failed';

const ORDER_STATE_TEXT = {
  created: 'addMoney.order.created',
  paid: 'addMoney.order.paid',
  failed: 'addMoney.order.failed',
} as const satisfies Record<PaymentOrderStatus['status'], MessageKey>;

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
  const { t } = useT();
  const state = status.data?.status;
  // The webhook may land later than the 4 s refresh: refresh once more when the order is confirmed paid.
  useEffect(() => {
    if (state === 'paid') onPaid();
  }, [state, onPaid]);
  if (!status.data) return <dd>{t('addMoney.order.checking')}</dd>;
  const { failureReason } = status.data;
  return (
    <dd data-order-status={status.data.status}>
      {t(ORDER_STATE_TEXT[status.data.status])}
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
  const { t } = useT();
  return (
    <section className="card order-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        {t('addMoney.order.title')}
      </h2>
      <dl className="order-details">
        <div>
          <dt>{t('addMoney.order.id')}</dt>
          <dd className="order-id">{order.id}</dd>
        </div>
        <div>
          <dt>{t('addMoney.order.amount')}</dt>
          <dd className="order-amount">{money(order.amount)}</dd>
        </div>
        <div>
          <dt>{t('addMoney.order.currency')}</dt>
          <dd>{order.currency}</dd>
        </div>
        <div aria-live="polite">
          <dt>{t('addMoney.order.status')}</dt>
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
  const { t } = useT();
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
        <p className="eyebrow">{t('addMoney.eyebrow')}</p>
        <h1 className="page-title">{t('addMoney.title')}</h1>
        <p className="muted">{t('addMoney.lede')}</p>
      </header>
      <div className="add-money-grid">
        <section className="card" aria-labelledby={`${id}-form-title`}>
          <h2 id={`${id}-form-title`} className="card-title">
            {t('addMoney.amount')}
          </h2>
          <p className="muted current-balance">
            {t('addMoney.currentBalance')}{' '}
            <strong data-testid="current-balance">
              {balance.data ? money(balance.data.balancePaise) : '…'}
            </strong>
          </p>
          <form className="form" onSubmit={handleSubmit} noValidate>
            <div className="field">
              <label htmlFor={`${id}-amount`}>{t('addMoney.amountLabel')}</label>
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
                {t('addMoney.minimum', { amount: MINIMUM })}
              </p>
            </div>
            <div className="quick-amounts" role="group" aria-label={t('addMoney.quickAmounts')}>
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
                ? t('addMoney.creating')
                : phase === 'checkout'
                  ? t('addMoney.waiting')
                  : t('addMoney.submit')}
            </button>
          </form>
          {phase === 'paid' ? (
            <p className="hint add-money-back">
              <Link to="/dashboard" className="text-link">
                {t('addMoney.back')}
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
              {t('addMoney.how.title')}
            </h2>
            <ol className="steps">
              <li>{richText('addMoney.how.amount', { strong }, { amount: MINIMUM })}</li>
              <li>{richText('addMoney.how.pay', { strong })}</li>
              <li>{richText('addMoney.how.tip', { strong })}</li>
            </ol>
          </section>
        </div>
      </div>
    </div>
  );
}
