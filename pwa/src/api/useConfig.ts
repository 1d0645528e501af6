import { useQuery } from '@tanstack/react-query';
import type { PublicConfig, WalletMode } from '@shabaash/shared';
import { api } from './client.ts';
import { currentWalletMode, markWalletMode } from '../lib/walletMode.ts';

export const CONFIG_QUERY_KEY = ['config'] as const;
export const DEFAULT_CONTACT_EMAIL = 'hello@shabaash.in';

/** The public configuration from GET /api/config (sandbox flag, Firebase and checkout settings, contact email). */
export function useConfig() {
  return useQuery<PublicConfig>({
    queryKey: CONFIG_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const config = await api('config', { signal });
      markWalletMode(config.legal.walletMode);
      return config;
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/**
 * The deployment's wallet (docs/OPERATIONS.md, `WALLET_MODE`): `stored` (add money, balance, wallet tips) or `off`
 * (every tip through Checkout); null until GET /api/config answered.
 */
export function useWalletMode(): WalletMode | null {
  // Offline, GET /api/config cannot answer: the mode this browser was last told (lib/walletMode.ts) stands in.
  return useConfig().data?.legal.walletMode ?? currentWalletMode();
}
