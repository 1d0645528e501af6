import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export const OPS_DISPUTES_QUERY_KEY = ['ops', 'disputes'] as const;

/** Dispute cases for operators, open first (GET /api/ops/disputes); refreshed every minute while shown. */
export function useOpsDisputes() {
  return useQuery({
    queryKey: OPS_DISPUTES_QUERY_KEY,
    queryFn: ({ signal }) => api('opsDisputes', { query: { state: 'all', limit: 100 }, signal }),
    refetchInterval: 60_000,
  });
}
