import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export const OPS_PAYOUTS_QUERY_KEY = ['ops', 'payouts'] as const;

/** Failed and held transfers, and creators whose payouts are on hold (GET /api/ops/payouts). */
export function useOpsPayouts() {
  return useQuery({
    queryKey: OPS_PAYOUTS_QUERY_KEY,
    queryFn: ({ signal }) => api('opsPayouts', { signal }),
  });
}

/** Retries a failed transfer (POST /api/ops/payouts/transfers/:id/retry); the list refreshes after. */
export function useRetryTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('opsTransferRetry', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPS_PAYOUTS_QUERY_KEY }),
  });
}

/** Holds or releases a creator's payouts with a reason (POST /api/ops/creators/:id/payouts/hold|release). */
export function useCreatorPayoutsHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ creatorId, hold, reason }: { creatorId: string; hold: boolean; reason: string }) =>
      api(hold ? 'opsPayoutsHold' : 'opsPayoutsRelease', { params: { id: creatorId }, input: { reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPS_PAYOUTS_QUERY_KEY }),
  });
}
