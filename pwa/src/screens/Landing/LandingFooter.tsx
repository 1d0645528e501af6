import { Link } from 'react-router-dom';
import { DEFAULT_CONTACT_EMAIL, useConfig } from '../../api/useConfig.ts';
import { Logo } from '../../components/Logo.tsx';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';

const FOOTER_LINKS: ReadonlyArray<{ to: string; label: MessageKey }> = [
  { to: '/guest-tip', label: 'nav.guestTipping' },
  { to: '/creator', label: 'footer.creatorSuite' },
  { to: '/login', label: 'nav.login' },
  { to: '/privacy', label: 'footer.privacy' },
];

/** The landing page's footer: tagline, links, the contact email of GET /api/config, copyright. */
export function LandingFooter() {
  const { data: config } = useConfig();
  const { t } = useT();
  const contactEmail = config?.contactEmail || DEFAULT_CONTACT_EMAIL;
  return (
    <footer className="landing-footer">
      <div className="container footer-inner">
        <div>
          <Logo />
          <p className="muted small">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.label')}>
          <ul className="footer-links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.label)}</Link>
              </li>
            ))}
            <li>
              <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
            </li>
          </ul>
        </nav>
        <p className="muted small">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
