import { useMutation } from '@tanstack/react-query';
import { api } from '../api/client.ts';

export interface GuestOrderVariables {
  amount: number;
  message: string;
  name: string;
  creator: string | null;
}

/** POST /api/tips/guest/order {amount, message, name, creator?} (message and name trimmed) → the order. */
export function useGuestOrder() {
  return useMutation({
    mutationFn: async ({ amount, message, name, creator }: GuestOrderVariables) => {
      const input = { amount, message: message.trim(), name: name.trim() };
      const { order } = await api('guestOrder', { input: creator ? { ...input, creator } : input });
      return order;
    },
  });
}
