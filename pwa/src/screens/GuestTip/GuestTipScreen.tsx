import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { LIMITS, MESSAGES, rupeesToPaise } from '@shabaash/shared';
import { errorMessage } from '../../api/client.ts';
import { useConfig } from '../../api/useConfig.ts';
import { CheckoutError, openCheckout } from '../../payments/checkout.ts';
import { normalizeHandle, rememberCreator } from '../../hooks/referringCreator.ts';
import { fetchSafetyVerdict, tipRulesQuery, useSafetyCheck, useTipRules } from '../../hooks/tipSafety.ts';
import { useGuestOrder } from '../../hooks/useGuestOrder.ts';
import { TipAmountField, TipMessageField } from '../../components/TipFields.tsx';
import './guestTip.css';
import { useHydrated } from '../../hooks/useHydrated.ts';
import { usePrerenderedField } from '../../hooks/usePrerenderedField.ts';
import { parseRupeeAmount } from '../../lib/amount.ts';
import { richText, useT } from '../../i18n/i18n.tsx';
import { localizeText } from '../../i18n/errors.ts';
import { rupees as formatAmount } from '../../i18n/format.ts';

type Status = { kind: 'info' | 'success' | 'error'; text: string };

/** /guest-tip (SPEC §2, §4 Guest checkout): tip a creator (from `?c=<handle>`) without an account. */
export function GuestTipScreen() {
  const hydrated = useHydrated();
  const { t } = useT();
  const id = useId();
  const [params] = useSearchParams();
  const config = useConfig();
  const queryClient = useQueryClient();
  const guestOrder = useGuestOrder();

  const linkHandle = normalizeHandle(params.get('c'));
  const defaultCreator = config.data?.defaultCreator ?? null;
  const creator = linkHandle ?? defaultCreator?.handle ?? null;
  const creatorLabel = linkHandle
    ? linkHandle === defaultCreator?.handle
      ? `${defaultCreator.displayName} (@${linkHandle})`
      : `@${linkHandle}`
    : defaultCreator
      ? `${defaultCreator.displayName} (@${defaultCreator.handle})`
      : null;

  useEffect(() => {
    if (linkHandle) rememberCreator(linkHandle);
  }, [linkHandle]);

  const nameField = usePrerenderedField();
  const amountField = usePrerenderedField();
  const messageField = usePrerenderedField();
  const name = nameField.value;
  const amount = amountField.value;
  const message = messageField.value;
  const [isPreparing, setIsPreparing] = useState(false);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'info', text: MESSAGES.guestInitialStatus });
  const [submitBlock, setSubmitBlock] = useState<string | null>(null);

  const rules = useTipRules(creator);
  const liveBlock = useSafetyCheck(creator, message);
  const messageBlock = message.trim() ? (liveBlock ?? submitBlock) : null;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPreparing) return;
    setAmountError(null);
    setSubmitBlock(null);
    const value = parseRupeeAmount(amount);
    if (value === null) {
      setAmountError(MESSAGES.invalidAmount);
      return;
    }
    setIsPreparing(true);
    setStatus({ kind: 'info', text: MESSAGES.guestInitialStatus });
    try {
      // The creator's minimum, in the server's words, before any order exists (unreachable: the server checks).
      const minimum = await queryClient.fetchQuery(tipRulesQuery(creator)).catch(() => null);
      if (minimum && rupeesToPaise(value) < minimum.minAmountPaise) {
        setAmountError(minimum.minimumMessage);
        setIsPreparing(false);
        return;
      }
      const blocked = await fetchSafetyVerdict(queryClient, creator, message);
      if (blocked) {
        setSubmitBlock(blocked);
        setIsPreparing(false);
        return;
      }
      let order;
      try {
        order = await guestOrder.mutateAsync({ amount: value, message, name, creator });
      } catch (caught) {
        setStatus({ kind: 'error', text: errorMessage(caught, MESSAGES.guestCheckoutFailed) });
        setIsPreparing(false);
        return;
      }
      const settings = config.data ?? (await config.refetch()).data;
      if (!settings) throw new CheckoutError(MESSAGES.checkoutLoadFailed);
      await openCheckout(
        {
          scriptUrl: settings.checkoutScriptUrl,
          key: settings.razorpayKeyId,
          order,
          payerName: name.trim() || undefined,
        },
        {
          onPaid: () => {
            setStatus({ kind: 'success', text: MESSAGES.guestPaymentReceived });
            messageField.set('');
            amountField.set('');
          },
          onFailed: (text) => setStatus({ kind: 'error', text }),
        },
      );
      // The provider's dialog is open and modal: the form is idle again behind it.
      setIsPreparing(false);
    } catch (caught) {
      setStatus({
        kind: 'error',
        text: caught instanceof CheckoutError ? caught.message : MESSAGES.checkoutLoadFailed,
      });
      setIsPreparing(false);
    }
  };

  return (
    <div className="page container guest-tip">
      <section className="card guest-card" aria-labelledby={`${id}-title`}>
        <p className="eyebrow">{t('guestTip.eyebrow')}</p>
        <h1 id={`${id}-title`} className="page-title">
          {t('guestTip.heading')}
        </h1>
        <p className="guest-creator" data-testid="guest-creator">
          {creatorLabel
            ? richText(
                'guestTip.tipping',
                { strong: (text) => <strong>{text}</strong> },
                { creator: creatorLabel },
              )
            : config.isPending
              ? t('guestTip.finding')
              : t('guestTip.featured')}
        </p>
        <form className="form" onSubmit={handleSubmit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-name`}>
              {t('field.name')} <span className="optional">{t('field.optional')}</span>
            </label>
            <input
              id={`${id}-name`}
              name="name"
              autoComplete="name"
              maxLength={LIMITS.guestNameMaxLength}
              {...nameField.inputProps}
            />
          </div>
          <TipAmountField
            id={`${id}-amount`}
            placeholder="99"
            binding={amountField.inputProps}
            error={amountError}
            min={rules?.minAmount}
            hint={rules ? t('guestTip.minimum', { amount: formatAmount(rules.minAmount) }) : undefined}
          />
          <TipMessageField
            id={`${id}-message`}
            value={message}
            rows={3}
            hint={t('guestTip.messageHint')}
            error={messageBlock}
            binding={{
              ...messageField.inputProps,
              onChange: (e) => {
                messageField.inputProps.onChange(e);
                setSubmitBlock(null);
              },
            }}
          />
          <ul className="guest-notes">
            <li>{t('guestTip.note1')}</li>
            <li>{t('guestTip.note2')}</li>
          </ul>
          <button
            type="submit"
            className="button button-primary button-block button-large"
            disabled={!hydrated || isPreparing || messageBlock !== null}
          >
            {isPreparing ? t('guestTip.preparing') : t('guestTip.submit')}
          </button>
          <p
            className={`guest-status guest-status-${status.kind}`}
            role={status.kind === 'error' ? 'alert' : 'status'}
            data-testid="guest-status"
          >
            {localizeText(status.text)}
          </p>
        </form>
      </section>
    </div>
  );
}
