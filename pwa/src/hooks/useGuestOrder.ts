import { useMutation } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { guestPayerToken } from '../lib/payerToken.ts';

export interface GuestOrderVariables {
  amount: number;
  message: string;
  name: string;
  creator: string | null;
  /** "I'll cover the fees": `amount` is what the creator should receive; the server adds the platform fee. */
  coverFees?: boolean;
}

/**
 * POST /api/tips/guest/order {amount, message, name, creator?, payerToken?, coverFees?} (message and name trimmed; the
 * browser's token, lib/payerToken.ts) → the order.
 */
export function useGuestOrder() {
  return useMutation({
    mutationFn: async ({ amount, message, name, creator, coverFees }: GuestOrderVariables) => {
      const payerToken = guestPayerToken();
      const input = {
        amount,
        message: message.trim(),
        name: name.trim(),
        ageConfirmed: true as const,
        ...(payerToken ? { payerToken } : {}),
        ...(coverFees ? { coverFees: true } : {}),
      };
      const { order } = await api('guestOrder', { input: creator ? { ...input, creator } : input });
      return order;
    },
  });
}
