import type { WalletMode } from '@shabaash/shared';

/**
 * Marks the page with the deployment's wallet mode (`<html data-wallet-mode="off">`), so copy prerendered for both
 * modes (`data-wallet="stored"` / `data-wallet="off"`, components/WalletCopy.tsx) shows the deployment's own
 * (styles/base.css). No React and no zod: the static pages call it before hydrating.
 */
export function markWalletMode(mode: WalletMode): void {
  current = mode;
  if (typeof document !== 'undefined') document.documentElement.dataset.walletMode = mode;
}

let current: WalletMode | null = null;

/** The wallet mode GET /api/config (or a 404 WALLET_OFF) last told this page; null before either answered. */
export function currentWalletMode(): WalletMode | null {
  return current;
}
