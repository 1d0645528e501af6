import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutOnboardingInput, PayoutSummary } from '@shabaash/shared';
import { api } from '../api/client.ts';

export const PAYOUTS_QUERY_KEY = ['creator', 'payouts'] as const;
/**
 * Payouts refresh every 15 s and on focus. A `payout:update` realtime push is not wired yet (the realtime hub
 * is being reorganised); this polling is the interim live view.
 */
export const PAYOUTS_REFRESH_MS = 15_000;

/** The creator's onboarding, balances, plan, next payout and history (GET /api/creator/payouts). */
export function usePayouts() {
  return useQuery({
    queryKey: PAYOUTS_QUERY_KEY,
    queryFn: ({ signal }) => api('payouts', { signal }),
    refetchInterval: PAYOUTS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** Opens the Route linked account (POST /api/creator/payouts/onboarding). */
export function useOnboardPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutOnboardingInput) => api('payoutOnboard', { input }),
    onSuccess: (summary) => queryClient.setQueryData<PayoutSummary>(PAYOUTS_QUERY_KEY, summary),
  });
}

/** Sends corrected bank details after needs_clarification (PATCH /api/creator/payouts/onboarding). */
export function useCorrectPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { accountNumber: string; ifsc: string; beneficiaryName: string }) =>
      api('payoutCorrect', { input }),
    onSuccess: (summary) => queryClient.setQueryData<PayoutSummary>(PAYOUTS_QUERY_KEY, summary),
  });
}

/** One month's statement (GET /api/creator/payouts/statement?month=YYYY-MM). */
export function usePayoutStatement(month: string) {
  return useQuery({
    queryKey: [...PAYOUTS_QUERY_KEY, 'statement', month],
    queryFn: ({ signal }) => api('payoutStatement', { query: { month }, signal }),
  });
}
