import { useT } from '../../i18n/i18n.tsx';
import { Hero } from './Hero.tsx';
import { LandingFooter } from './LandingFooter.tsx';
import { LandingHeader } from './LandingHeader.tsx';
import { LeadForm } from './LeadForm.tsx';
import { OfferSections } from './Offer.tsx';
import './sections.css';

/**
 * The landing page, section by section. Prerendered per language and kept static until the
 * visitor acts (src/staticPage.ts): whatever it shows must render the same for every signed-out visitor.
 */
export function LandingScreen() {
  const { t } = useT();
  return (
    <div className="landing">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <LandingHeader />
      <main id="main" tabIndex={-1}>
        <Hero />
        <OfferSections />
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
      <LandingFooter />
    </div>
  );
}
