import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/useAuth.ts';
import { BecomeCreatorCard } from './BecomeCreatorCard.tsx';
import { ConsentCard } from './ConsentCard.tsx';
import { YourDataCard } from './YourDataCard.tsx';
import { ProfilePictureUploader } from './ProfilePictureUploader.tsx';
import { BalanceCard } from './slots/BalanceCard.tsx';
import { RecentTips } from './slots/RecentTips.tsx';
import { SendTipForm } from './slots/SendTipForm.tsx';
import { WalletActivity } from './slots/WalletActivity.tsx';
import '../../styles/dashboard.css';
import { useT } from '../../i18n/i18n.tsx';

/** /dashboard (SPEC §2): welcome, Add Money, balance, send tip, wallet activity, profile picture, recent tips. */
export function DashboardScreen() {
  const { user } = useAuth();
  const { t } = useT();
  if (!user) return null;
  return (
    <div className="page container dashboard">
      <header className="dashboard-header">
        <div>
          <p className="eyebrow">{t('dashboard.eyebrow')}</p>
          <h1 className="page-title">{t('dashboard.welcome', { name: user.name })}</h1>
        </div>
        <Link to="/add-money" className="button button-primary">
          {t('dashboard.addMoney')}
        </Link>
      </header>
      <div className="dashboard-grid">
        <div className="dashboard-main">
          <ConsentCard />
          <BalanceCard />
          <SendTipForm />
          <WalletActivity />
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
