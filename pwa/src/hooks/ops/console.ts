import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SEARCH_MIN_CHARS, type EndpointInput, type EndpointQuery } from '@shabaash/shared';
import { api, ApiError } from '../../api/client.ts';

export const OPS_QUERY_KEY = ['ops'] as const;

/** GET /api/ops/search for `q` once it is long enough (the last answer stays while the next one loads). */
export function useOpsSearch(q: string) {
  const trimmed = q.trim();
  return useQuery({
    queryKey: [...OPS_QUERY_KEY, 'search', trimmed],
    queryFn: ({ signal }) => api('opsSearch', { query: { q: trimmed }, signal }),
    enabled: trimmed.length >= SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/ops/tips/:id: the tip, its refunds and the creator's earning for it. */
export function useOpsTip(tipId: string) {
  return useQuery({
    queryKey: [...OPS_QUERY_KEY, 'tip', tipId],
    queryFn: ({ signal }) => api('opsTip', { params: { id: tipId }, signal }),
  });
}

/**
 * POST /api/ops/tips/:id/refund with one Idempotency-Key per refund: a double tap or a retry after a lost answer
 * sends the same key (the server refunds once); a new key is made once a refund went through.
 */
export function useRefundTip(tipId: string) {
  const queryClient = useQueryClient();
  const [key, setKey] = useState(() => crypto.randomUUID());
  return useMutation({
    mutationFn: (input: EndpointInput<'opsRefundTip'>) =>
      api('opsRefundTip', { params: { id: tipId }, input, idempotencyKey: key }),
    // A refusal the server answered (or a refund it made) ends this key; only a lost answer keeps it for a retry.
    onError: (error) => {
      if (error instanceof ApiError && error.status > 0) setKey(crypto.randomUUID());
    },
    onSuccess: (result) => {
      setKey(crypto.randomUUID());
      queryClient.setQueryData([...OPS_QUERY_KEY, 'tip', tipId], { tip: result.tip });
      void queryClient.invalidateQueries({ queryKey: [...OPS_QUERY_KEY, 'audit'] });
    },
  });
}

/** GET /api/ops/audit, optionally about one record. */
export function useOpsAudit(filter: Pick<EndpointQuery<'opsAudit'>, 'targetKind' | 'targetId'>) {
  return useQuery({
    queryKey: [...OPS_QUERY_KEY, 'audit', filter.targetKind ?? '', filter.targetId ?? ''],
    queryFn: ({ signal }) => api('opsAudit', { query: { ...filter, limit: 50 }, signal }),
  });
}
