import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIMITS, type PaymentOrderStatus, type Wallet, type WalletTransaction } from '@shabaash/shared';
import { api } from '../api/client.ts';

/** React Query keys of the wallet; the sync and realtime layers may write into these caches. */
export const WALLET_KEYS = {
  all: ['wallet'] as const,
  balance: ['wallet', 'balance'] as const,
  transactions: ['wallet', 'transactions'] as const,
  order: (id: string) => ['payments', 'order', id] as const,
};

/** How often an order's state is polled while it is still `created`. */
export const ORDER_POLL_INTERVAL_MS = 2000;
/** Stop polling an order after this long (the reconciliation job takes over on the server). */
export const ORDER_POLL_MAX_MS = 3 * 60 * 1000;

/** GET /api/wallet/balance → { balance (rupees), balancePaise }. */
export function useBalance() {
  return useQuery<Wallet>({
    queryKey: WALLET_KEYS.balance,
    queryFn: ({ signal }) => api('balance', { signal }),
    staleTime: 10_000,
  });
}

/** GET /api/wallet/transactions, newest first, the last 10 (SPEC §9 wallet activity). */
export function useTransactions() {
  return useQuery<WalletTransaction[]>({
    queryKey: WALLET_KEYS.transactions,
    queryFn: async ({ signal }) => {
      const result = await api('transactions', { query: { limit: LIMITS.walletActivityShown }, signal });
      return result.transactions.slice(0, LIMITS.walletActivityShown);
    },
    staleTime: 10_000,
  });
}

/** POST /api/wallet/add-money {amount (rupees)} → the payment order (amount in paise). */
export function useAddMoney() {
  return useMutation({
    mutationFn: async (amount: number) => (await api('addMoney', { input: { amount } })).order,
  });
}

/** Re-fetches the balance and the wallet activity now. */
export function refreshWallet(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: WALLET_KEYS.all });
}

/** A stable callback that re-fetches the balance and the wallet activity. */
export function useRefreshWallet(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => refreshWallet(queryClient), [queryClient]);
}

/**
 * GET /api/payments/orders/:id, polled every 2 s while the order is `created` (pending) and stopped once it is
 * `paid` or `failed`, or after 3 minutes. Pass null to stay idle.
 */
export function useOrderStatus(orderId: string | null, startedAt: number = 0) {
  return useQuery<PaymentOrderStatus>({
    queryKey: WALLET_KEYS.order(orderId ?? ''),
    queryFn: ({ signal }) => api('orderStatus', { params: { id: orderId ?? '' }, signal }),
    enabled: orderId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status === 'paid' || status === 'failed') return false;
      if (startedAt && Date.now() - startedAt > ORDER_POLL_MAX_MS) return false;
      return ORDER_POLL_INTERVAL_MS;
    },
  });
}
