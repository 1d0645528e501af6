import { Link } from 'react-router-dom';
import { useAuth } from '../../hooks/useAuth.ts';
import { BecomeCreatorCard } from './BecomeCreatorCard.tsx';
import { ConsentCard } from './ConsentCard.tsx';
import { ModerationCard } from '../../components/ModerationCard.tsx';
import { YourDataCard } from './YourDataCard.tsx';
import { ProfilePictureUploader } from './ProfilePictureUploader.tsx';
import { BalanceCard } from './slots/BalanceCard.tsx';
import { RecentTips } from './slots/RecentTips.tsx';
import { SendTipForm } from './slots/SendTipForm.tsx';
import { WalletActivity } from './slots/WalletActivity.tsx';
import '../../styles/dashboard.css';
import { useT } from '../../i18n/i18n.tsx';
import { useWalletMode } from '../../api/useConfig.ts';

/**
 * /dashboard: welcome, Add Money, balance, send tip, wallet activity, profile picture, recent tips; without a
 * stored wallet (WALLET_MODE=off) no Add Money, balance or wallet activity, and the tip is paid through Checkout.
 */
export function DashboardScreen() {
  const { user } = useAuth();
  const { t } = useT();
  // The wallet's cards once the deployment is known to keep one (their reads answer 404 WALLET_OFF otherwise).
  const walletMode = useWalletMode();
  const walletOff = walletMode === 'off';
  if (!user) return null;
  return (
    <div className="page container dashboard">
      <header className="dashboard-header">
        <div>
          <p className="eyebrow">{t('dashboard.eyebrow')}</p>
          <h1 className="page-title">{t('dashboard.welcome', { name: user.name })}</h1>
        </div>
        {walletOff ? null : (
          <Link to="/add-money" className="button button-primary">
            {t('dashboard.addMoney')}
          </Link>
        )}
      </header>
      <div className="dashboard-grid">
        <div className="dashboard-main">
          <ConsentCard />
          <ModerationCard />
          {walletMode === 'stored' ? <BalanceCard /> : null}
          <SendTipForm />
          {walletMode === 'stored' ? <WalletActivity /> : null}
        </div>
        <div className="dashboard-side">
          <ProfilePictureUploader />
          <RecentTips />
          <BecomeCreatorCard />
          <YourDataCard />
        </div>
      </div>
    </div>
  );
}
