import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutOnboardingInput, PayoutSummary } from '@shabaash/shared';
import { api } from '../api/client.ts';
import { useAuth } from './useAuth.ts';
import { useRealtimeSync } from '../realtime/syncBridge.ts';
import { useConnectivity } from '../sync/connectivity.ts';
import { savePayouts, useMirroredPayouts } from '../sync/payouts.ts';

export const PAYOUTS_QUERY_KEY = ['creator', 'payouts'] as const;

export interface PayoutsState {
  /** The newest summary known: the server's answer or a `payout:update` push, whichever is at a later version. */
  data: PayoutSummary | undefined;
  isPending: boolean;
  isError: boolean;
  /** The server cannot be reached: `data` (if any) is the saved summary and may be out of date. */
  isOffline: boolean;
  /** When the shown summary was received (ISO), or null. */
  savedAt: string | null;
}

/** Writes a summary the server just sent into the offline mirror (errors ignored: no IndexedDB). */
function saveFor(userId: string | null, summary: PayoutSummary): Promise<void> {
  return userId ? savePayouts(userId, summary).catch(() => undefined) : Promise.resolve();
}

/**
 * The creator's onboarding, balances, plan, next payout and history: GET /api/creator/payouts, kept live by
 * `payout:update` pushes on the creator's payouts space (the realtime bridge saves them into the offline
 * mirror) and read back from the mirror, so the screen shows at once and offline like the wallet. No polling:
 * the socket's catch-up covers a reconnect, and the summary is fetched again on (re)connect and on focus.
 */
export function usePayouts(): PayoutsState {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const status = useRealtimeSync();
  const query = useQuery({
    queryKey: PAYOUTS_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const summary = await api('payouts', { signal });
      await saveFor(userId, summary);
      return summary;
    },
    refetchOnWindowFocus: true,
  });
  const { refetch } = query;
  // A change between the first fetch and the socket's welcome is not replayed by the socket: fetch again.
  useEffect(() => {
    if (status === 'connected') void refetch();
  }, [status, refetch]);
  const saved = useMirroredPayouts(userId);
  const { online, apiReachable } = useConnectivity();
  const isOffline = !online || !apiReachable;
  const fromMirror = saved && (!query.data || saved.summary.version >= query.data.version);
  const data = fromMirror ? saved.summary : query.data;
  return {
    data,
    isPending: !data && query.isPending && !isOffline,
    isError: !data && (query.isError || (isOffline && saved === null)),
    isOffline,
    savedAt: fromMirror ? saved.confirmedAt : null,
  };
}

/** The answer of an onboarding call: into the query cache and the offline mirror. */
function useKeepSummary() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return async (summary: PayoutSummary) => {
    queryClient.setQueryData<PayoutSummary>(PAYOUTS_QUERY_KEY, summary);
    await saveFor(user?.id ?? null, summary);
  };
}

/** Opens the Route linked account (POST /api/creator/payouts/onboarding). */
export function useOnboardPayouts() {
  const keep = useKeepSummary();
  return useMutation({
    mutationFn: (input: PayoutOnboardingInput) => api('payoutOnboard', { input }),
    onSuccess: keep,
  });
}

/** Sends corrected bank details after needs_clarification (PATCH /api/creator/payouts/onboarding). */
export function useCorrectPayouts() {
  const keep = useKeepSummary();
  return useMutation({
    mutationFn: (input: { accountNumber: string; ifsc: string; beneficiaryName: string }) =>
      api('payoutCorrect', { input }),
    onSuccess: keep,
  });
}

/** One month's statement (GET /api/creator/payouts/statement?month=YYYY-MM). */
export function usePayoutStatement(month: string) {
  return useQuery({
    queryKey: [...PAYOUTS_QUERY_KEY, 'statement', month],
    queryFn: ({ signal }) => api('payoutStatement', { query: { month }, signal }),
  });
}
