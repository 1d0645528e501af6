import { MESSAGES } from '@shabaash/shared';
import { useConfig } from '../api/useConfig.ts';
import {
  CheckoutError,
  openCheckout,
  type CheckoutCallbacks,
  type CheckoutRequest,
} from '../payments/checkout.ts';

/** Who pays, prefilled in the checkout. */
export type CheckoutPayer = Pick<CheckoutRequest, 'payerName' | 'payerContact'>;

/**
 * Opens the provider's checkout for an order the server made, with the deployment's checkout script and key
 * (GET /api/config, fetched now if it has not answered yet). Rejects with a CheckoutError when they cannot be read
 * or the script cannot load: every payment (top-up, guest tip, wallet-off tip) opens its checkout this one way.
 */
export function useOrderCheckout() {
  const config = useConfig();
  return async (order: CheckoutRequest['order'], payer: CheckoutPayer, callbacks: CheckoutCallbacks) => {
    const settings = config.data ?? (await config.refetch()).data;
    if (!settings) throw new CheckoutError(MESSAGES.checkoutLoadFailed);
    await openCheckout(
      { scriptUrl: settings.checkoutScriptUrl, key: settings.razorpayKeyId, order, ...payer },
      callbacks,
    );
  };
}
