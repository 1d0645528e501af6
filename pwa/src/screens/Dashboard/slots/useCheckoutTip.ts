import { useState } from 'react';
import { api } from '../../../api/client.ts';
import { useAuth } from '../../../hooks/useAuth.ts';
import { useOrderCheckout } from '../../../hooks/useOrderCheckout.ts';
import type { CheckoutCallbacks } from '../../../payments/checkout.ts';

export interface CheckoutTipInput {
  amount: number;
  message: string;
  creator: string | null;
  /** The viewer adds the platform fee so that the creator nets `amount`. */
  coverFees: boolean;
}

/**
 * A signed-in viewer's tip without a stored wallet (WALLET_MODE=off): POST /api/tips/order makes the order (the
 * server checks what a wallet tip checks), then the provider's checkout opens with the viewer's name and phone
 * prefilled. One checkout, no wallet in between; only the payment's webhook lands the tip. Rejects with the server's
 * refusal or a CheckoutError.
 */
export function useCheckoutTip() {
  const { user } = useAuth();
  const openOrderCheckout = useOrderCheckout();
  const [isOpening, setIsOpening] = useState(false);

  const pay = async (
    { amount, message, creator, coverFees }: CheckoutTipInput,
    callbacks: CheckoutCallbacks,
  ) => {
    setIsOpening(true);
    try {
      const input = { amount, message, coverFees, ...(creator ? { creator } : {}) };
      const { order } = await api('tipOrder', { input });
      await openOrderCheckout(order, { payerName: user?.name, payerContact: user?.phone }, callbacks);
    } finally {
      setIsOpening(false);
    }
  };

  return { isOpening, pay };
}
