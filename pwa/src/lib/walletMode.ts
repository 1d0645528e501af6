import type { WalletMode } from '@shabaash/shared';

/** Where the last wallet mode the server told this browser is kept, so an offline reload knows it too. */
export const WALLET_MODE_STORAGE_KEY = 'shabaash.walletMode';

/**
 * Marks the page with the deployment's wallet mode (`<html data-wallet-mode="off">`), so copy prerendered for both
 * modes (`data-wallet="stored"` / `data-wallet="off"`, components/WalletCopy.tsx) shows the deployment's own
 * (styles/base.css), and remembers it for offline reloads. No React and no zod: the static pages call it before
 * hydrating.
 */
export function markWalletMode(mode: WalletMode): void {
  current = mode;
  if (typeof document !== 'undefined') document.documentElement.dataset.walletMode = mode;
  try {
    if (localStorage.getItem(WALLET_MODE_STORAGE_KEY) !== mode)
      localStorage.setItem(WALLET_MODE_STORAGE_KEY, mode);
  } catch {
    // storage unavailable (private mode): the mode is known for this page only
  }
}

let current: WalletMode | null = null;

/**
 * The wallet mode GET /api/config (or a 404 WALLET_OFF) last told this page, else what it told this browser before
 * (an offline reload); null when neither is known.
 */
export function currentWalletMode(): WalletMode | null {
  return current ?? rememberedWalletMode();
}

function rememberedWalletMode(): WalletMode | null {
  try {
    const kept = localStorage.getItem(WALLET_MODE_STORAGE_KEY);
    return kept === 'stored' || kept === 'off' ? kept : null;
  } catch {
    return null;
  }
}
