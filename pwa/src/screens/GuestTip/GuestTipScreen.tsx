import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { formatRupees, LIMITS, MESSAGES, rupeesToPaise } from '@shabaash/shared';
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

export const GUEST_TIP_TEXT = {
  heading: 'Send a Guest Superchat',
  submit: 'Continue to the payment provider',
  preparing: 'Preparing Checkout…',
  messageHint: 'Maximum 280 characters.',
} as const;

type Status = { kind: 'info' | 'success' | 'error'; text: string };

/** /guest-tip (SPEC §2, §4 Guest checkout): tip a creator (from `?c=<handle>`) without an account. */
export function GuestTipScreen() {
  const hydrated = useHydrated();
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
    const rupees = parseRupeeAmount(amount);
    if (rupees === null) {
      setAmountError(MESSAGES.invalidAmount);
      return;
    }
    setIsPreparing(true);
    setStatus({ kind: 'info', text: MESSAGES.guestInitialStatus });
    try {
      // The creator's minimum, in the server's words, before any order exists (unreachable: the server checks).
      const minimum = await queryClient.fetchQuery(tipRulesQuery(creator)).catch(() => null);
      if (minimum && rupeesToPaise(rupees) < minimum.minAmountPaise) {
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
        order = await guestOrder.mutateAsync({ amount: rupees, message, name, creator });
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
        <p className="eyebrow">No account needed</p>
        <h1 id={`${id}-title`} className="page-title">
          {GUEST_TIP_TEXT.heading}
        </h1>
        <p className="guest-creator" data-testid="guest-creator">
          {creatorLabel ? (
            <>
              You're tipping <strong>{creatorLabel}</strong>
            </>
          ) : config.isPending ? (
            'Finding the creator…'
          ) : (
            "You're tipping the featured creator"
          )}
        </p>
        <form className="form" onSubmit={handleSubmit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-name`}>
              Name <span className="optional">(optional)</span>
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
            hint={rules ? `Minimum ${formatRupees(rules.minAmount)} for this creator.` : undefined}
          />
          <TipMessageField
            id={`${id}-message`}
            value={message}
            rows={3}
            hint={GUEST_TIP_TEXT.messageHint}
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
            <li>The creator is notified instantly when your payment goes through.</li>
            <li>Your message is queued for the creator's approval before it appears on stream.</li>
          </ul>
          <button
            type="submit"
            className="button button-primary button-block button-large"
            disabled={!hydrated || isPreparing || messageBlock !== null}
          >
            {isPreparing ? GUEST_TIP_TEXT.preparing : GUEST_TIP_TEXT.submit}
          </button>
          <p
            className={`guest-status guest-status-${status.kind}`}
            role={status.kind === 'error' ? 'alert' : 'status'}
            data-testid="guest-status"
          >
            {status.text}
          </p>
        </form>
      </section>
    </div>
  );
}
