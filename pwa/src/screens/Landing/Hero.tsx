import { SPEC_TIPS_FIGURE } from '@shabaash/shared';
import { useConfig } from '../../api/useConfig.ts';
import { LinkButtons, type LinkButton } from '../../components/LinkButtons.tsx';
import { richText, useT } from '../../i18n/i18n.tsx';
import { WalletCopy } from '../../components/WalletCopy.tsx';
import './hero.css';

const CALLS_TO_ACTION: readonly LinkButton[] = [
  { to: '/register', label: 'landing.ctaStart', variant: 'primary' },
  { to: '/guest-tip', label: 'landing.ctaGuest', variant: 'secondary' },
];

/** Two sample superchats on a mock stream (decorative: hidden from screen readers). */
const DEMO_TIPS = [
  { initial: 'P', name: 'Priya', amount: '₹501.00', message: 'landing.demo.message1' },
  { initial: 'R', name: 'Rohan', amount: '₹101.00', message: 'landing.demo.message2' },
] as const;

/** The landing page's first screen: the promise, the two calls to action, the claims and a mock stream. */
export function Hero() {
  const { t } = useT();
  // The deployment's figure (LANDING_TIPS_FIGURE), the SPEC's until the config answers (the prerender's too).
  const config = useConfig();
  const tipsFigure = config.data ? config.data.landingTipsFigure : SPEC_TIPS_FIGURE;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-inner">
        <div className="hero-copy">
          <p className="eyebrow">{t('landing.eyebrow')}</p>
          <h1 id="hero-title" className="hero-title">
            {richText('landing.title', {
              accent: (text) => <span className="gradient-text">{text}</span>,
            })}
          </h1>
          <p className="hero-lede">
            <WalletCopy stored={t('landing.lede')} off={t('landing.ledeWalletOff')} />
          </p>
          <div className="button-row">
            <LinkButtons size="large" links={CALLS_TO_ACTION} />
          </div>
          {/* The tips figure comes last: a deployment that hides it (or a static fill that swaps it) moves nothing. */}
          <dl className="claims">
            <div>
              <dt>{t('landing.claim.checkout')}</dt>
              <dd>{t('landing.claim.checkoutValue')}</dd>
            </div>
            <div>
              <dt>{t('landing.claim.code')}</dt>
              <dd>{t('landing.claim.codeValue')}</dd>
            </div>
            {tipsFigure === null ? null : (
              <div data-claim="tips">
                <dt>{t('landing.claim.tips')}</dt>
                <dd>{tipsFigure}</dd>
              </div>
            )}
          </dl>
        </div>
        <div className="hero-visual" aria-hidden="true">
          <div className="stream-frame">
            <div className="stream-top">
              <span className="live-dot">{t('landing.demo.live')}</span>
              <span className="viewers">{t('landing.demo.watching')}</span>
            </div>
            {DEMO_TIPS.map((tip, index) => (
              <div
                key={tip.name}
                className={index === 0 ? 'superchat-card' : 'superchat-card superchat-card-muted'}
              >
                <span className="avatar avatar-initial">{tip.initial}</span>
                <div>
                  <p className="superchat-name">
                    {tip.name} <span className="superchat-amount">{tip.amount}</span>
                  </p>
                  <p className="superchat-message">{t(tip.message)}</p>
                </div>
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
