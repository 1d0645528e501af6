import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@shabaash/shared';
import { api } from './client.ts';

export const CONFIG_QUERY_KEY = ['config'] as const;
export const DEFAULT_CONTACT_EMAIL = 'hello@shabaash.in';

/** The public configuration from GET /api/config (sandbox flag, Firebase and checkout settings, contact email). */
export function useConfig() {
  return useQuery<PublicConfig>({
    queryKey: CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => api('config', { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
