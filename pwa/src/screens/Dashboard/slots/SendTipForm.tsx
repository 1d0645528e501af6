import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { LIMITS, MESSAGES } from '@shabaash/shared';
import { serverMessage } from '../../../api/client.ts';
import { useConfig, useWalletMode } from '../../../api/useConfig.ts';
import { FormStatus } from '../../../components/FormStatus.tsx';
import { TipAmountField, TipMessageField } from '../../../components/TipFields.tsx';
import { CoverFeesField } from '../../../components/CoverFeesField.tsx';
import { useSendTip } from '../../../hooks/useTips.ts';
import {
  normalizeHandle,
  readRememberedCreator,
  rememberCreatorFromSearch,
} from '../../../lib/referringCreator.ts';
import { parseRupeeAmount } from '../../../lib/amount.ts';
import './slots.css';
import { useT } from '../../../i18n/i18n.tsx';
import { bindText } from '../../../components/fieldBinding.tsx';
import { Card } from '../../../components/Card.tsx';
import { ReportButton } from '../../../components/ReportButton.tsx';
import { CheckoutError } from '../../../payments/checkout.ts';
import { useCheckoutTip, type CheckoutTipInput } from './useCheckoutTip.ts';

/**
 * Dashboard send-tip form: creator (defaults to the one whose link brought the viewer, else the default
 * creator), amount (min ₹1) and message (≤ 280). Each submission goes through the offline outbox with its own
 * client-made Idempotency-Key: sent at once when online, queued (and said so) when offline, charged once. Without a
 * stored wallet (WALLET_MODE=off) the tip is paid at once through Checkout instead (useCheckoutTip).
 */
/** The button's words: paying through Checkout (no stored wallet) or sending from the wallet, and while busy. */
function submitLabelKey(walletOff: boolean, opening: boolean, sending: boolean) {
  if (walletOff) return opening ? 'dashboard.sendTip.opening' : 'dashboard.sendTip.pay';
  return sending ? 'dashboard.sendTip.sending' : 'dashboard.sendTip.submit';
}

export function SendTipForm() {
  const id = useId();
  const location = useLocation();
  const config = useConfig();
  const sendTip = useSendTip();
  const walletOff = useWalletMode() === 'off';
  const checkoutTip = useCheckoutTip();
  const busy = sendTip.isPending || checkoutTip.isOpening;
  const { t } = useT();
  const [creator, setCreator] = useState<string>(
    () => rememberCreatorFromSearch(location.search) ?? readRememberedCreator() ?? '',
  );
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [coverFees, setCoverFees] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const defaultHandle = config.data?.defaultCreator?.handle ?? '';
  useEffect(() => {
    if (!creator && defaultHandle) setCreator(defaultHandle);
  }, [creator, defaultHandle]);

  const knownCreators = [
    ...new Set([readRememberedCreator(), defaultHandle].filter((h): h is string => !!h)),
  ];

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setSuccess(null);
    const rupees = parseRupeeAmount(amount, LIMITS.tipMinRupees);
    if (rupees === null) {
      setError(MESSAGES.invalidAmount);
      return;
    }
    const handle = creator.trim() ? normalizeHandle(creator) : null;
    if (creator.trim() && !handle) {
      setError(MESSAGES.creatorNotFound);
      return;
    }
    const text = message.trim();
    if (walletOff) {
      await payByCheckout({ amount: rupees, message: text, creator: handle, coverFees });
      return;
    }
    try {
      const outcome = await sendTip.mutateAsync(
        { amount: rupees, message: text, creator: handle, coverFees },
        {
          // A queued tip replayed after reconnecting: say how it ended.
          onLater: (later) => {
            if (later.status === 'sent') {
              setError(null);
              setSuccess(MESSAGES.tipSent);
            } else {
              setSuccess(null);
              setError(later.message);
            }
          },
        },
      );
      setSuccess(outcome.status === 'sent' ? MESSAGES.tipSent : t('sync.queued'));
      setAmount('');
      setMessage('');
    } catch (caught) {
      setError(serverMessage(caught, MESSAGES.tipSendFailed));
    }
  };

  const payByCheckout = async (tip: CheckoutTipInput) => {
    try {
      await checkoutTip.pay(tip, {
        onPaid: () => {
          setError(null);
          setSuccess(MESSAGES.guestPaymentReceived);
          setAmount('');
          setMessage('');
        },
        onFailed: (text) => {
          setSuccess(null);
          setError(text);
        },
      });
    } catch (caught) {
      setError(
        caught instanceof CheckoutError ? caught.message : serverMessage(caught, MESSAGES.checkoutLoadFailed),
      );
    }
  };

  const submitLabel = t(submitLabelKey(walletOff, checkoutTip.isOpening, sendTip.isPending));

  return (
    <Card title={t('dashboard.sendTip.title')}>
      <form className="form" onSubmit={handleSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-creator`}>{t('dashboard.sendTip.creator')}</label>
          <input
            id={`${id}-creator`}
            name="creator"
            list={`${id}-creators`}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={30}
            placeholder="creator-handle"
            aria-describedby={`${id}-creator-hint`}
            {...bindText(creator, setCreator)}
          />
          <datalist id={`${id}-creators`}>
            {knownCreators.map((handle) => (
              <option key={handle} value={handle} />
            ))}
          </datalist>
          <p id={`${id}-creator-hint`} className="hint">
            {t('dashboard.sendTip.creatorHint')}
          </p>
        </div>
        <TipAmountField id={`${id}-amount`} placeholder="50" binding={bindText(amount, setAmount)} />
        <TipMessageField
          id={`${id}-message`}
          value={message}
          rows={2}
          binding={bindText(message, setMessage)}
        />
        <CoverFeesField
          id={`${id}-cover-fees`}
          checked={coverFees}
          onChange={setCoverFees}
          amount={parseRupeeAmount(amount)}
          hint={t(walletOff ? 'coverFees.hint' : 'coverFees.walletHint')}
        />
        {walletOff ? <p className="hint">{t('dashboard.sendTip.checkoutHint')}</p> : null}
        <FormStatus error={error} success={success} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {submitLabel}
        </button>
      </form>
      {normalizeHandle(creator) ? (
        <ReportButton kind="creator" target={normalizeHandle(creator) ?? ''} />
      ) : null}
    </Card>
  );
}
