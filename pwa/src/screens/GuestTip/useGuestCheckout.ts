import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, rupeesToPaise } from '@shabaash/shared';
import { errorMessage } from '../../api/client.ts';
import { CheckoutError } from '../../payments/checkout.ts';
import { useOrderCheckout } from '../../hooks/useOrderCheckout.ts';
import { fetchSafetyVerdict, tipRulesQuery } from '../../hooks/tipSafety.ts';
import { useGuestOrder } from '../../hooks/useGuestOrder.ts';
import type { PrerenderedField } from '../../hooks/usePrerenderedField.ts';
import { parseRupeeAmount } from '../../lib/amount.ts';

type Status = { kind: 'info' | 'success' | 'error'; text: string };

/**
 * A guest tip's checkout: checks the amount and the creator's minimum and safety rules before any order exists,
 * creates the order, opens the provider's checkout, and clears the amount and message once paid.
 */
/** The name of the guest form's required "18 or over, or a parent's permission" checkbox. */
export const AGE_CONFIRMED_FIELD = 'ageConfirmed';

export function useGuestCheckout(
  creator: string | null,
  fields: { name: PrerenderedField; amount: PrerenderedField; message: PrerenderedField },
  options: { coverFees: boolean } = { coverFees: false },
) {
  const openOrderCheckout = useOrderCheckout();
  const queryClient = useQueryClient();
  const guestOrder = useGuestOrder();
  const { name: nameField, amount: amountField, message: messageField } = fields;
  const name = nameField.value;
  const amount = amountField.value;
  const message = messageField.value;
  const [isPreparing, setIsPreparing] = useState(false);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'info', text: MESSAGES.guestInitialStatus });
  const [submitBlock, setSubmitBlock] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPreparing) return;
    // The payer's one-line age affirmation (read from the form: it may be ticked before the page hydrates).
    const ageBox = event.currentTarget.elements.namedItem(AGE_CONFIRMED_FIELD);
    const isAgeConfirmed = !(ageBox instanceof HTMLInputElement) || ageBox.checked;
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
      if (!isAgeConfirmed) {
        setStatus({ kind: 'error', text: MESSAGES.guestAgeConfirmRequired });
        setIsPreparing(false);
        return;
      }
      let order;
      try {
        order = await guestOrder.mutateAsync({
          amount: value,
          message,
          name,
          creator,
          coverFees: options.coverFees,
        });
      } catch (caught) {
        setStatus({ kind: 'error', text: errorMessage(caught, MESSAGES.guestCheckoutFailed) });
        setIsPreparing(false);
        return;
      }
      await openOrderCheckout(
        order,
        { payerName: name.trim() || undefined },
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

  return { isPreparing, amountError, status, submitBlock, setSubmitBlock, handleSubmit };
}
