import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@shabaash/shared';
import { useConfig } from '../api/useConfig.ts';
import { PageLoading } from './PageLoading.tsx';
import { localizeText } from '../i18n/errors.ts';
import { useT } from '../i18n/i18n.tsx';

/**
 * A wallet screen (/add-money): on a deployment without a stored wallet (WALLET_MODE=off) a clear "no wallet here"
 * page that sends the viewer to tip from the dashboard instead; otherwise the screen itself (once the mode is known).
 */
export function WalletOnly({ children }: { children: ReactNode }) {
  const { t } = useT();
  const config = useConfig();
  // Not the wallet screen while the mode is unknown: its reads would answer 404 on a deployment without one.
  if (config.isPending) return <PageLoading />;
  if (config.data?.legal.walletMode !== 'off') return children;
  return (
    <div className="page container">
      <section className="card" aria-labelledby="wallet-off-title" data-testid="wallet-off">
        <h1 id="wallet-off-title" className="page-title">
          {t('walletOff.title')}
        </h1>
        <p>{localizeText(MESSAGES.walletOff)}</p>
        <Link to="/dashboard" className="button button-primary">
          {t('walletOff.tip')}
        </Link>
      </section>
    </div>
  );
}
