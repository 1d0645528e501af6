import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/useAuth.ts';
import { homePathFor } from '../auth/homePath.ts';
import { ThemeToggle } from '../theme/ThemeToggle.tsx';
import { Avatar } from './Avatar.tsx';
import { Logo } from './Logo.tsx';

interface NavItem {
  to: string;
  label: string;
}

const SIGNED_IN_LINKS: NavItem[] = [
  { to: '/dashboard', label: 'Viewer Dashboard' },
  { to: '/add-money', label: 'Add Money' },
];
const CREATOR_LINKS: NavItem[] = [
  { to: '/creator', label: 'Creator Suite' },
  { to: '/creator/chat-control', label: 'Chat Control' },
  { to: '/creator/payouts', label: 'Payouts' },
  { to: '/overlay', label: 'Live Overlay' },
];

/** The app bar of SPEC §2: role-aware links, avatar, Logout, theme toggle, and a mobile menu toggle. */
export function NavBar() {
  const { user, isCreator, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();

  // Close the mobile menu whenever the route changes.
  useEffect(() => setIsMenuOpen(false), [location.pathname]);

  const handleLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  const links = user ? [...SIGNED_IN_LINKS, ...(isCreator ? CREATOR_LINKS : [])] : [];
  // SPEC §2: /creator for creators, /dashboard otherwise (a signed-out visitor is then asked to log in there).
  const logoTarget = homePathFor(user?.role);

  return (
    <header className="navbar">
      <div className="navbar-inner">
        <Link to={logoTarget} className="navbar-brand" aria-label="Shabaash home">
          <Logo />
        </Link>
        <div className="navbar-actions">
          <ThemeToggle />
          <button
            type="button"
            className="icon-button navbar-toggle"
            aria-expanded={isMenuOpen}
            aria-controls={menuId}
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
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
        <nav id={menuId} className={`navbar-menu${isMenuOpen ? ' is-open' : ''}`} aria-label="Main">
          <ul className="navbar-links">
            {links.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className="navbar-link">
                  {item.label}
                </NavLink>
              </li>
            ))}
            {!user && (
              <>
                <li>
                  <NavLink to="/guest-tip" className="navbar-link">
                    Guest tipping
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/login" className="navbar-link">
                    Login
                  </NavLink>
                </li>
                <li>
                  <Link to="/register" className="button button-primary button-small">
                    Get started
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
                Logout
              </button>
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}
