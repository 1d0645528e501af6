import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/i18n.tsx';
import { WalletCopy } from '../../components/WalletCopy.tsx';
import { FeatureIcon } from './FeatureIcon.tsx';
import { LandingSection } from './LandingSection.tsx';

const FEATURES = [
  { icon: 'wallet', key: 'wallet', wallet: 'stored' },
  { icon: 'bolt', key: 'guest' },
  { icon: 'shield', key: 'moderation' },
  { icon: 'video', key: 'overlay' },
  { icon: 'chart', key: 'analytics' },
  { icon: 'phone', key: 'otp' },
] as const;

const STEPS = ['register', 'live', 'paid'] as const;

/** The two plans: Starter free, Pro at 2.9% per tip, the featured one. */
const PLANS = [
  { key: 'starter', price: '0%', to: '/register', featured: false },
  { key: 'pro', price: '2.9%', to: '/creator', featured: true },
] as const;

/** A list item card of the features and steps lists: a badge (icon or number), a title and a line. */
function ListCard({
  kind,
  badge,
  title,
  body,
  wallet,
}: {
  kind: string;
  badge: ReactNode;
  title: string;
  body: ReactNode;
  /** Shown with this wallet mode only (WalletCopy.tsx). */
  wallet?: 'stored' | undefined;
}) {
  return (
    <li className={`${kind} card`} data-wallet={wallet}>
      {badge}
      <h3>{title}</h3>
      <p>{body}</p>
    </li>
  );
}

function PriceCard({ plan }: { plan: (typeof PLANS)[number] }) {
  const { t } = useT();
  const { key } = plan;
  return (
    <article
      className={plan.featured ? 'price-card price-card-featured card' : 'price-card card'}
      aria-labelledby={`plan-${key}`}
    >
      {plan.featured && <p className="badge">{t('landing.plan.popular')}</p>}
      <h3 id={`plan-${key}`}>{t(`landing.plan.${key}`)}</h3>
      <p className="price">
        {plan.price} <span>{t(`landing.plan.${key}Fee`)}</span>
      </p>
      <p>{t(`landing.plan.${key}Body`)}</p>
      <ul className="checklist">
        {([1, 2, 3] as const).map((n) => (
          <li key={n}>
            {key === 'starter' && n === 1 ? (
              <WalletCopy stored={t('landing.plan.starter1')} off={t('landing.plan.starter1WalletOff')} />
            ) : (
              t(`landing.plan.${key}${n}`)
            )}
          </li>
        ))}
      </ul>
      <Link
        to={plan.to}
        className={`button ${plan.featured ? 'button-primary' : 'button-secondary'} button-block`}
      >
        {t(`landing.plan.${key}Cta`)}
      </Link>
    </article>
  );
}

/** What the product does, how it works and the plans: the sections the header's anchors point to. */
export function OfferSections() {
  const { t } = useT();
  return (
    <>
      <LandingSection id="features" eyebrow={t('landing.nav.features')} title={t('landing.features.title')}>
        <ul className="feature-grid">
          {FEATURES.map(({ icon, key, ...only }) => (
            <ListCard
              key={key}
              wallet={'wallet' in only ? only.wallet : undefined}
              kind="feature"
              badge={
                <span className="feature-icon">
                  <FeatureIcon name={icon} />
                </span>
              }
              title={t(`landing.feature.${key}.title`)}
              body={t(`landing.feature.${key}.body`)}
            />
          ))}
        </ul>
      </LandingSection>
      <LandingSection id="how-it-works" alt eyebrow={t('landing.nav.how')} title={t('landing.steps.title')}>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <ListCard
              key={step}
              kind="step"
              badge={
                <span className="step-number" aria-hidden="true">
                  {index + 1}
                </span>
              }
              title={t(`landing.step.${step}.title`)}
              body={
                step === 'register' ? (
                  <WalletCopy
                    stored={t('landing.step.register.body')}
                    off={t('landing.step.register.bodyWalletOff')}
                  />
                ) : (
                  t(`landing.step.${step}.body`)
                )
              }
            />
          ))}
        </ol>
      </LandingSection>
      <LandingSection id="platform" eyebrow={t('landing.nav.platform')} title={t('landing.pricing.title')}>
        <div className="pricing">
          {PLANS.map((plan) => (
            <PriceCard key={plan.key} plan={plan} />
          ))}
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
      </LandingSection>
    </>
  );
}
