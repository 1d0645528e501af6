import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export const MONEY_QUERY_KEY = ['ops', 'money'] as const;
export const RECONCILIATION_QUERY_KEY = ['ops', 'reconciliation'] as const;

/** The money overview from the ledger (GET /api/ops/money). */
export function useMoneyOverview() {
  return useQuery({ queryKey: MONEY_QUERY_KEY, queryFn: ({ signal }) => api('opsMoney', { signal }) });
}

/** Reconciliation runs and open differences (GET /api/ops/reconciliation). */
export function useReconciliation() {
  return useQuery({
    queryKey: RECONCILIATION_QUERY_KEY,
    queryFn: ({ signal }) => api('opsReconciliation', { signal }),
  });
}

/** Reconciles one IST day now (yesterday when none is given); the page is read again after. */
export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (day: string | null) => api('opsReconciliationRun', { input: day ? { day } : {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RECONCILIATION_QUERY_KEY }),
  });
}

/** Marks an open difference resolved with the operator's reason. */
export function useResolveDifference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api('opsReconciliationResolve', { params: { id }, input: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECONCILIATION_QUERY_KEY }),
  });
}
