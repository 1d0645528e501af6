import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/useAuth.ts';
import { BecomeCreatorCard } from './BecomeCreatorCard.tsx';
import { YourDataCard } from './YourDataCard.tsx';
import { ProfilePictureUploader } from './ProfilePictureUploader.tsx';
import { BalanceCard } from './slots/BalanceCard.tsx';
import { RecentTips } from './slots/RecentTips.tsx';
import { SendTipForm } from './slots/SendTipForm.tsx';
import { WalletActivity } from './slots/WalletActivity.tsx';
import '../../styles/dashboard.css';

/** /dashboard (SPEC §2): welcome, Add Money, balance, send tip, wallet activity, profile picture, recent tips. */
export function DashboardScreen() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="page container dashboard">
      <header className="dashboard-header">
        <div>
          <p className="eyebrow">Viewer Dashboard</p>
          <h1 className="page-title">Welcome back, {user.name}</h1>
        </div>
        <Link to="/add-money" className="button button-primary">
          Add Money
        </Link>
      </header>
      <div className="dashboard-grid">
        <div className="dashboard-main">
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
