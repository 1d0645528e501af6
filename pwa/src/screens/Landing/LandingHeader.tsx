import { Link } from 'react-router-dom';
import { useAuth } from '../../hooks/useAuth.ts';
import { homePathFor } from '../../auth/homePath.ts';
import { LinkButtons } from '../../components/LinkButtons.tsx';
import { Logo } from '../../components/Logo.tsx';
import { ThemeToggle } from '../../theme/ThemeToggle.tsx';
import { LanguageSwitch } from '../../i18n/LanguageSwitch.tsx';
import { useT } from '../../i18n/i18n.tsx';
import './landingFrame.css';

/** The landing page's sticky header: brand, section anchors, language and theme switches, account links. */
export function LandingHeader() {
  const { user } = useAuth();
  const { t } = useT();
  return (
    <header className="landing-header">
      <div className="container landing-header-inner">
        <Link to="/" className="navbar-brand" aria-label={t('nav.home')}>
          <Logo />
        </Link>
        <nav className="landing-anchors" aria-label={t('landing.sections')}>
          <a href="#features">{t('landing.nav.features')}</a>
          <a href="#how-it-works">{t('landing.nav.how')}</a>
          <a href="#platform">{t('landing.nav.platform')}</a>
          <Link to="/guest-tip">{t('nav.guestTipping')}</Link>
        </nav>
        <div className="landing-header-actions">
          <LanguageSwitch />
          <ThemeToggle />
          <LinkButtons
            size="small"
            links={
              user
                ? [{ to: homePathFor(user.role), label: 'landing.openDashboard', variant: 'primary' }]
                : [
                    { to: '/login', label: 'nav.login', variant: 'ghost' },
                    { to: '/register', label: 'nav.getStarted', variant: 'primary' },
                  ]
            }
          />
        </div>
      </div>
    </header>
  );
}
