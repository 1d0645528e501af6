import { useCallback, useEffect } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIMITS, paiseToRupees, type PaymentOrderStatus, type Wallet } from '@shabaash/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { api } from '../api/client.ts';
import { useAuth } from './useAuth.ts';
import { useRealtimeSync } from '../realtime/syncBridge.ts';
import { useConnectivity } from '../sync/connectivity.ts';
import { db, type MirroredBalance, type MirroredTransaction } from '../sync/db.ts';
import { useMirroredWalletActivity, type MirroredWallet } from '../sync/hooks.ts';
import { walletSpace } from '@shabaash/shared/core';
import { requestPull } from '../sync/pull.ts';
import { useMirrorPull } from './useMirrorPull.ts';

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

export interface BalanceState {
  /** The balance to show: what the server last confirmed minus tips still waiting in the outbox. */
  data: Wallet | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** Pulls the mirror again. */
  refetch: () => Promise<void>;
  /** The server cannot be reached: `data` (if any) is the saved balance and may be out of date. */
  isOffline: boolean;
  /** When the server last confirmed the balance (ISO), or null. */
  confirmedAt: string | null;
  /** Sum of queued tips not yet charged. */
  pendingPaise: number;
}

/** Writes a balance the server just confirmed into the mirror (only when the mirror is this user's). */
async function writeThroughBalance(userId: string, balancePaise: number): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    if ((await db.meta.get('owner'))?.value !== userId) return;
    const value: MirroredBalance = { balancePaise, confirmedAt: new Date().toISOString() };
    await db.meta.put({ key: 'balance', value });
  });
}

/** The mirrored balance of `userId` net of queued sends; null when none is saved or IndexedDB is unavailable. */
function useSavedBalance(userId: string | null): MirroredWallet | null | undefined {
  return useLiveQuery(async () => {
    try {
      if (!userId || (await db.meta.get('owner'))?.value !== userId) return null;
      const row = await db.meta.get('balance');
      if (!row) return null;
      const confirmed = row.value as MirroredBalance;
      const pending = await db.walletActivity.filter((r) => r.pending === 1).toArray();
      const pendingPaise = pending.reduce((sum, r) => sum + r.amountPaise, 0);
      const balancePaise = confirmed.balancePaise - pendingPaise;
      return {
        balance: paiseToRupees(balancePaise),
        balancePaise,
        pendingPaise,
        confirmedAt: confirmed.confirmedAt,
      };
    } catch {
      return null; // no IndexedDB (private mode, old browser): the server's answer alone
    }
  }, [userId]);
}

/**
 * The wallet balance: GET /api/wallet/balance through React Query, written through to the offline mirror, and
 * read back from the mirror net of queued tips, so it shows at once and offline with `isOffline` saying it may
 * be out of date.
 */
export function useBalance(options: { enabled?: boolean } = {}): BalanceState {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const query = useQuery<Wallet>({
    queryKey: WALLET_KEYS.balance,
    queryFn: async ({ signal }) => {
      const wallet = await api('balance', { signal });
      if (userId) await writeThroughBalance(userId, wallet.balancePaise).catch(() => undefined);
      return wallet;
    },
    staleTime: 10_000,
    enabled: options.enabled ?? true,
  });
  const saved = useSavedBalance(userId);
  const { online, apiReachable } = useConnectivity();
  const isOffline = !online || !apiReachable;
  const data: Wallet | undefined = saved
    ? { balance: saved.balance, balancePaise: saved.balancePaise }
    : query.data;
  return {
    data,
    isPending: !data && query.isPending && !isOffline,
    isError: !data && query.isError && !isOffline,
    error: query.error,
    refetch: async () => void (await query.refetch()),
    isOffline,
    confirmedAt: saved?.confirmedAt ?? null,
    pendingPaise: saved?.pendingPaise ?? 0,
  };
}

/** How many mounted screens show the mirrored wallet activity. */
let mirrorReaders = 0;

export interface TransactionsState {
  /** Newest first, the last 10; queued sends first with `pending: 1`. */
  data: MirroredTransaction[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isOffline: boolean;
}

/** Wallet activity (the last 10, newest first) from the offline mirror, with queued sends marked. */
export function useTransactions(): TransactionsState {
  const { user } = useAuth();
  // wallet:update messages (a top-up confirmed, a tip charged on another device) pull the mirror.
  useRealtimeSync();
  const pull = useMirrorPull(user?.id);
  useEffect(() => {
    mirrorReaders += 1;
    return () => {
      mirrorReaders -= 1;
    };
  }, []);
  const rows = useMirroredWalletActivity(LIMITS.walletActivityShown);
  const cursor = useLiveQuery(
    async () => (user ? ((await db.cursors.get(walletSpace(user.id))) ?? false) : false),
    [user?.id],
  );
  const { online, apiReachable } = useConnectivity();
  const loaded = pull.owned === true && !!rows && (!!cursor || rows.length > 0);
  const failed = !loaded && pull.settled && !!pull.error;
  return {
    data: loaded ? rows : failed && !(online && apiReachable) ? [] : undefined,
    isPending: !loaded && !failed,
    isError: failed && online && apiReachable,
    error: pull.error,
    isOffline: !online || !apiReachable,
  };
}

/** POST /api/wallet/add-money {amount (rupees)} → the payment order (amount in paise). */
export function useAddMoney() {
  return useMutation({
    mutationFn: async (amount: number) => (await api('addMoney', { input: { amount } })).order,
  });
}

/** Re-fetches the balance now (written through to the offline mirror); wallet activity follows on the next pull. */
export function refreshWallet(queryClient: QueryClient): Promise<void> {
  requestPullSoon();
  return queryClient.invalidateQueries({ queryKey: WALLET_KEYS.all });
}

/** The wallet activity of a mounted dashboard refreshes too (a no-op fetch-wise when no screen reads the mirror). */
function requestPullSoon(): void {
  if (mirrorReaders > 0) requestPull();
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
