import { useEffect, useRef, useState } from 'react';
import { LIMITS, MESSAGES, type PaymentOrder } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { useAuth } from '../../hooks/useAuth.ts';
import { CheckoutError } from '../../payments/checkout.ts';
import { useOrderCheckout } from '../../hooks/useOrderCheckout.ts';
import { useAddMoney, useRefreshWallet } from '../../hooks/useWallet.ts';

type Phase = 'idle' | 'creating' | 'checkout' | 'paid' | 'failed';

/**
 * A top-up's life: create the order, open the provider's checkout, and after a payment refresh the wallet
 * (again after `balanceRefreshAfterPaymentMs`: the webhook may land later). `onPaid` clears the form.
 */
export function useTopUp(onPaid: () => void) {
  const { user } = useAuth();
  const openOrderCheckout = useOrderCheckout();
  const addMoney = useAddMoney();
  const refreshWallet = useRefreshWallet();
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

  const start = async (rupees: number | null) => {
    setError(null);
    setSuccess(null);
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
      await openOrderCheckout(
        created,
        { payerName: user?.name },
        {
          onPaid: () => {
            setPhase('paid');
            setError(null);
            setSuccess(MESSAGES.topUpSuccess);
            onPaid();
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

  return { phase, error, success, order, start, refreshWallet };
}
