import { Link } from 'react-router-dom';
import { DEFAULT_CONTACT_EMAIL, useConfig } from '../../api/useConfig.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { homePathFor } from '../../auth/homePath.ts';
import { Logo } from '../../components/Logo.tsx';
import { ThemeToggle } from '../../theme/ThemeToggle.tsx';
import { FeatureIcon } from './FeatureIcon.tsx';
import { LeadForm } from './LeadForm.tsx';
import { LanguageSwitch } from '../../i18n/LanguageSwitch.tsx';
import { richText, useT } from '../../i18n/i18n.tsx';
import '../../styles/landing.css';

const FEATURES = [
  { icon: 'wallet', key: 'wallet' },
  { icon: 'bolt', key: 'guest' },
  { icon: 'shield', key: 'moderation' },
  { icon: 'video', key: 'overlay' },
  { icon: 'chart', key: 'analytics' },
  { icon: 'phone', key: 'otp' },
] as const;

const STEPS = ['register', 'live', 'paid'] as const;

/** The landing page of SPEC §1 and §2. */
export function LandingScreen() {
  const { data: config } = useConfig();
  const { user } = useAuth();
  const { t } = useT();
  const contactEmail = config?.contactEmail || DEFAULT_CONTACT_EMAIL;

  return (
    <div className="landing">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
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
            {user ? (
              <Link to={homePathFor(user.role)} className="button button-primary button-small">
                {t('landing.openDashboard')}
              </Link>
            ) : (
              <>
                <Link to="/login" className="button button-ghost button-small">
                  {t('nav.login')}
                </Link>
                <Link to="/register" className="button button-primary button-small">
                  {t('nav.getStarted')}
                </Link>
              </>
            )}
          </div>
        </div>
      </header>

      <main id="main" tabIndex={-1}>
        <section className="hero" aria-labelledby="hero-title">
          <div className="container hero-inner">
            <div className="hero-copy">
              <p className="eyebrow">{t('landing.eyebrow')}</p>
              <h1 id="hero-title" className="hero-title">
                {richText('landing.title', {
                  accent: (text) => <span className="gradient-text">{text}</span>,
                })}
              </h1>
              <p className="hero-lede">{t('landing.lede')}</p>
              <div className="button-row">
                <Link to="/register" className="button button-primary button-large">
                  {t('landing.ctaStart')}
                </Link>
                <Link to="/guest-tip" className="button button-secondary button-large">
                  {t('landing.ctaGuest')}
                </Link>
              </div>
              <dl className="claims">
                <div>
                  <dt>{t('landing.claim.tips')}</dt>
                  <dd>2.5M+</dd>
                </div>
                <div>
                  <dt>{t('landing.claim.checkout')}</dt>
                  <dd>{t('landing.claim.checkoutValue')}</dd>
                </div>
                <div>
                  <dt>{t('landing.claim.code')}</dt>
                  <dd>{t('landing.claim.codeValue')}</dd>
                </div>
              </dl>
            </div>
            <div className="hero-visual" aria-hidden="true">
              <div className="stream-frame">
                <div className="stream-top">
                  <span className="live-dot">{t('landing.demo.live')}</span>
                  <span className="viewers">{t('landing.demo.watching')}</span>
                </div>
                <div className="superchat-card">
                  <span className="avatar avatar-initial">P</span>
                  <div>
                    <p className="superchat-name">
                      Priya <span className="superchat-amount">₹501.00</span>
                    </p>
                    <p className="superchat-message">{t('landing.demo.message1')}</p>
                  </div>
                </div>
                <div className="superchat-card superchat-card-muted">
                  <span className="avatar avatar-initial">R</span>
                  <div>
                    <p className="superchat-name">
                      Rohan <span className="superchat-amount">₹101.00</span>
                    </p>
                    <p className="superchat-message">{t('landing.demo.message2')}</p>
                  </div>
                </div>
              </div>
            </div>
          </div>
        </section>

        <section id="features" className="section" aria-labelledby="features-title">
          <div className="container">
            <p className="eyebrow">{t('landing.nav.features')}</p>
            <h2 id="features-title" className="section-title">
              {t('landing.features.title')}
            </h2>
            <ul className="feature-grid">
              {FEATURES.map((feature) => (
                <li key={feature.key} className="feature card">
                  <span className="feature-icon">
                    <FeatureIcon name={feature.icon} />
                  </span>
                  <h3>{t(`landing.feature.${feature.key}.title`)}</h3>
                  <p>{t(`landing.feature.${feature.key}.body`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="how-it-works" className="section section-alt" aria-labelledby="steps-title">
          <div className="container">
            <p className="eyebrow">{t('landing.nav.how')}</p>
            <h2 id="steps-title" className="section-title">
              {t('landing.steps.title')}
            </h2>
            <ol className="steps">
              {STEPS.map((step, index) => (
                <li key={step} className="step card">
                  <span className="step-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3>{t(`landing.step.${step}.title`)}</h3>
                  <p>{t(`landing.step.${step}.body`)}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section id="platform" className="section" aria-labelledby="platform-title">
          <div className="container">
            <p className="eyebrow">{t('landing.nav.platform')}</p>
            <h2 id="platform-title" className="section-title">
              {t('landing.pricing.title')}
            </h2>
            <div className="pricing">
              <article className="price-card card" aria-labelledby="plan-starter">
                <h3 id="plan-starter">{t('landing.plan.starter')}</h3>
                <p className="price">
                  0% <span>{t('landing.plan.starterFee')}</span>
                </p>
                <p>{t('landing.plan.starterBody')}</p>
                <ul className="checklist">
                  <li>{t('landing.plan.starter1')}</li>
                  <li>{t('landing.plan.starter2')}</li>
                  <li>{t('landing.plan.starter3')}</li>
                </ul>
                <Link to="/register" className="button button-secondary button-block">
                  {t('landing.plan.starterCta')}
                </Link>
              </article>
              <article className="price-card price-card-featured card" aria-labelledby="plan-pro">
                <p className="badge">{t('landing.plan.popular')}</p>
                <h3 id="plan-pro">{t('landing.plan.pro')}</h3>
                <p className="price">
                  2.9% <span>{t('landing.plan.proFee')}</span>
                </p>
                <p>{t('landing.plan.proBody')}</p>
                <ul className="checklist">
                  <li>{t('landing.plan.pro1')}</li>
                  <li>{t('landing.plan.pro2')}</li>
                  <li>{t('landing.plan.pro3')}</li>
                </ul>
                <Link to="/creator" className="button button-primary button-block">
                  {t('landing.plan.proCta')}
                </Link>
              </article>
            </div>

            <figure className="testimonial card">
              <blockquote>
                <p>{t('landing.quote')}</p>
              </blockquote>
              <figcaption>
                <span className="avatar avatar-initial" aria-hidden="true">
                  A
                </span>
                <span>
                  <strong>{t('landing.quoteName')}</strong>
                  <span className="muted"> · {t('landing.quoteRole')}</span>
                </span>
              </figcaption>
            </figure>
          </div>
        </section>

        <section className="section section-alt" aria-labelledby="lead-title">
          <div className="container lead">
            <div>
              <p className="eyebrow">{t('landing.lead.eyebrow')}</p>
              <h2 id="lead-title" className="section-title">
                {t('landing.lead.title')}
              </h2>
              <p className="muted">{t('landing.lead.body')}</p>
            </div>
            <LeadForm />
          </div>
        </section>
      </main>

      <footer className="landing-footer">
        <div className="container footer-inner">
          <div>
            <Logo />
            <p className="muted small">{t('footer.tagline')}</p>
          </div>
          <nav aria-label={t('footer.label')}>
            <ul className="footer-links">
              <li>
                <Link to="/guest-tip">{t('nav.guestTipping')}</Link>
              </li>
              <li>
                <Link to="/creator">{t('footer.creatorSuite')}</Link>
              </li>
              <li>
                <Link to="/login">{t('nav.login')}</Link>
              </li>
              <li>
                <Link to="/privacy">{t('footer.privacy')}</Link>
              </li>
              <li>
                <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
              </li>
            </ul>
          </nav>
          <p className="muted small">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        </div>
      </footer>
    </div>
  );
}
