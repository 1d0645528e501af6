import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LIMITS, MESSAGES } from '@shabaash/shared';
import { FormSubmit } from '../../components/FormStatus.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useBalance } from '../../hooks/useWallet.ts';
import { parseRupeeAmount } from '../../lib/amount.ts';
import { richText, useT } from '../../i18n/i18n.tsx';
import { money } from '../../i18n/format.ts';
import { OrderConfirmation } from './OrderConfirmation.tsx';
import { useTopUp } from './useTopUp.ts';
import './addMoney.css';
import { bindText } from '../../components/fieldBinding.tsx';
import { Card } from '../../components/Card.tsx';

/** The top-up minimum as the page has always written it ("₹10"). */
const MINIMUM = `₹${LIMITS.topUpMinRupees}`;
const strong = (text: string) => <strong>{text}</strong>;

/** Quick picks for the amount, in rupees. */
const QUICK_AMOUNTS_RUPEES = [100, 250, 500, 1000] as const;

/** /add-money: amount form, how-it-works steps, order confirmation box and checkout. */
export function AddMoneyScreen() {
  const id = useId();
  const balance = useBalance();
  const { t } = useT();
  const [amount, setAmount] = useState('');
  const { phase, error, success, order, start, refreshWallet } = useTopUp(() => setAmount(''));
  const isBusy = phase === 'creating' || phase === 'checkout';

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void start(parseRupeeAmount(amount));
  };

  return (
    <div className="page container add-money">
      <header className="add-money-header">
        <p className="eyebrow">{t('addMoney.eyebrow')}</p>
        <h1 className="page-title">{t('addMoney.title')}</h1>
        <p className="muted">{t('addMoney.lede')}</p>
      </header>
      <div className="add-money-grid">
        <Card title={t('addMoney.amount')}>
          <p className="muted current-balance">
            {t('addMoney.currentBalance')}{' '}
            <strong data-testid="current-balance">
              {balance.data ? money(balance.data.balancePaise) : '…'}
            </strong>
          </p>
          <form className="form" onSubmit={handleSubmit} noValidate>
            <TextField
              id={`${id}-amount`}
              label={t('addMoney.amountLabel')}
              hint={t('addMoney.minimum', { amount: MINIMUM })}
              name="amount"
              type="number"
              inputMode="decimal"
              min={LIMITS.topUpMinRupees}
              step="0.01"
              required
              placeholder="250"
              aria-invalid={error === MESSAGES.invalidAmount ? true : undefined}
              {...bindText(amount, setAmount)}
            />
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
            <FormSubmit error={error} success={success} disabled={isBusy}>
              {phase === 'creating'
                ? t('addMoney.creating')
                : phase === 'checkout'
                  ? t('addMoney.waiting')
                  : t('addMoney.submit')}
            </FormSubmit>
          </form>
          {phase === 'paid' ? (
            <p className="hint add-money-back">
              <Link to="/dashboard" className="text-link">
                {t('addMoney.back')}
              </Link>
            </p>
          ) : null}
        </Card>
        <div className="add-money-side">
          {order ? (
            <OrderConfirmation order={order.order} startedAt={order.startedAt} onPaid={refreshWallet} />
          ) : null}
          <Card title={t('addMoney.how.title')}>
            <ol className="steps">
              <li>{richText('addMoney.how.amount', { strong }, { amount: MINIMUM })}</li>
              <li>{richText('addMoney.how.pay', { strong })}</li>
              <li>{richText('addMoney.how.tip', { strong })}</li>
            </ol>
          </Card>
        </div>
      </div>
    </div>
  );
}
