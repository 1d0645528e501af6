import type { ReactNode } from 'react';

/**
 * Copy that differs with the deployment's wallet (WALLET_MODE): both texts are rendered, prerendered pages included,
 * and `<html data-wallet-mode>` (lib/walletMode.ts) shows one of them (styles/base.css), so the static HTML, the
 * hydrated page and every deployment share one markup. Before the mode is known the `stored` text shows.
 */
export function WalletCopy({ stored, off }: { stored: ReactNode; off: ReactNode }) {
  return (
    <>
      <span data-wallet="stored">{stored}</span>
      <span data-wallet="off">{off}</span>
    </>
  );
}
