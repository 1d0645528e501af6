import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../hooks/useAuth.ts';
import { homePathFor } from '../auth/homePath.ts';
import { ThemeToggle } from '../theme/ThemeToggle.tsx';
import { LanguageSwitch } from '../i18n/LanguageSwitch.tsx';
import { useT, type MessageKey } from '../i18n/i18n.tsx';
import { Avatar } from './Avatar.tsx';
import { Logo } from './Logo.tsx';
import { useWalletMode } from '../api/useConfig.ts';

interface NavItem {
  to: string;
  label: MessageKey;
}

const SIGNED_IN_LINKS: NavItem[] = [
  { to: '/dashboard', label: 'nav.viewerDashboard' },
  { to: '/add-money', label: 'nav.addMoney' },
];
const CREATOR_LINKS: NavItem[] = [
  { to: '/creator', label: 'nav.creatorSuite' },
  { to: '/creator/chat-control', label: 'nav.chatControl' },
  { to: '/creator/payouts', label: 'nav.payouts' },
  { to: '/overlay', label: 'nav.liveOverlay' },
];

/** The app bar: role-aware links, avatar, Logout, theme toggle, and a mobile menu toggle. */
export function NavBar() {
  const { user, isCreator, logout } = useAuth();
  const { t } = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();
  const walletMode = useWalletMode();

  // Close the mobile menu whenever the route changes.
  useEffect(() => setIsMenuOpen(false), [location.pathname]);

  const handleLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  const links = user
    ? [
        // No stored wallet (WALLET_MODE=off): no Add Money.
        ...SIGNED_IN_LINKS.filter((link) => walletMode !== 'off' || link.to !== '/add-money'),
        ...(isCreator ? CREATOR_LINKS : []),
      ]
    : [];
  // /creator for creators, /dashboard otherwise (a signed-out visitor is then asked to log in there).
  const logoTarget = homePathFor(user?.role);

  return (
    <header className="navbar">
      <div className="navbar-inner">
        <Link to={logoTarget} className="navbar-brand" aria-label={t('nav.home')}>
          <Logo />
        </Link>
        <div className="navbar-actions">
          <LanguageSwitch />
          <ThemeToggle />
          <button
            type="button"
            className="icon-button navbar-toggle"
            aria-expanded={isMenuOpen}
            aria-controls={menuId}
            aria-label={t(isMenuOpen ? 'nav.closeMenu' : 'nav.openMenu')}
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              {isMenuOpen ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              ) : (
                <path
                  d="M4 7h16M4 12h16M4 17h16"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              )}
            </svg>
          </button>
        </div>
        <nav id={menuId} className={`navbar-menu${isMenuOpen ? ' is-open' : ''}`} aria-label={t('nav.main')}>
          <ul className="navbar-links">
            {links.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className="navbar-link">
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
            {!user && (
              <>
                <li>
                  <NavLink to="/guest-tip" className="navbar-link">
                    {t('nav.guestTipping')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/login" className="navbar-link">
                    {t('nav.login')}
                  </NavLink>
                </li>
                <li>
                  <Link to="/register" className="button button-primary button-small">
                    {t('nav.getStarted')}
                  </Link>
                </li>
              </>
            )}
          </ul>
          {user && (
            <div className="navbar-user">
              <Avatar name={user.name} src={user.profilePic} size={32} />
              <span className="navbar-user-name">{user.name}</span>
              <button type="button" className="button button-ghost button-small" onClick={handleLogout}>
                {t('nav.logout')}
              </button>
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}
