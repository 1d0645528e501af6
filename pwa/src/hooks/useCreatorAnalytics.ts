import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/** Creator analytics cards (GET /api/creator/analytics). */
export function useCreatorAnalytics() {
  return useQuery({
    queryKey: ['creator', 'analytics'],
    queryFn: ({ signal }) => api('analytics', { signal }),
  });
}

/** The creator's recent support list (GET /api/creator/recent-tips). */
export function useCreatorRecentTips() {
  return useQuery({
    queryKey: ['creator', 'recent-tips'],
    queryFn: async ({ signal }) => (await api('creatorRecentTips', { signal })).tips,
  });
}
