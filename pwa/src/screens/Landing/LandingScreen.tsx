import { Link } from 'react-router-dom';
import { DEFAULT_CONTACT_EMAIL, useConfig } from '../../api/useConfig.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { homePathFor } from '../../auth/homePath.ts';
import { Logo } from '../../components/Logo.tsx';
import { ThemeToggle } from '../../theme/ThemeToggle.tsx';
import { FeatureIcon } from './FeatureIcon.tsx';
import { LeadForm } from './LeadForm.tsx';
import '../../styles/landing.css';

const FEATURES = [
  {
    icon: 'wallet',
    title: 'Viewer wallets',
    body: 'Top up once with UPI or card, then tip in a tap. Every rupee in and out shows up in your wallet activity.',
  },
  {
    icon: 'bolt',
    title: 'Guest superchat checkout',
    body: 'No account? No problem. Fans send a superchat straight from the guest page through a secure checkout.',
  },
  {
    icon: 'shield',
    title: 'Chat moderation',
    body: 'Every message waits in your Chat Loader queue. Push the good ones live, copy or delete the rest.',
  },
  {
    icon: 'video',
    title: 'Chroma-key overlay',
    body: 'A green-screen overlay for OBS that updates in real time the moment you push a superchat live.',
  },
  {
    icon: 'chart',
    title: 'Creator analytics and payouts',
    body: 'See earnings, tip counts and top-ups at a glance, with every tip ready for settlement.',
  },
  {
    icon: 'phone',
    title: 'Phone and OTP sign-up',
    body: 'Sign up with your mobile number and a one-time code. No email, no fuss.',
  },
] as const;

const STEPS = [
  {
    title: 'Register',
    body: 'Sign up with your phone and verify the OTP. Your wallet is created instantly.',
  },
  {
    title: 'Go Live',
    body: 'Add your overlay link to OBS as a browser source and share your guest tipping link.',
  },
  { title: 'Get Paid', body: 'Fans send rupee superchats, you push them live and watch your earnings grow.' },
] as const;

/** The landing page of SPEC §1 and §2. */
export function LandingScreen() {
  const { data: config } = useConfig();
  const { user } = useAuth();
  const contactEmail = config?.contactEmail || DEFAULT_CONTACT_EMAIL;

  return (
    <div className="landing">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="landing-header">
        <div className="container landing-header-inner">
          <Link to="/" className="navbar-brand" aria-label="Shabaash home">
            <Logo />
          </Link>
          <nav className="landing-anchors" aria-label="Sections">
            <a href="#features">Features</a>
            <a href="#how-it-works">How it works</a>
            <a href="#platform">Platform</a>
            <Link to="/guest-tip">Guest tipping</Link>
          </nav>
          <div className="landing-header-actions">
            <ThemeToggle />
            {user ? (
              <Link to={homePathFor(user.role)} className="button button-primary button-small">
                Open dashboard
              </Link>
            ) : (
              <>
                <Link to="/login" className="button button-ghost button-small">
                  Login
                </Link>
                <Link to="/register" className="button button-primary button-small">
                  Get started
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
              <p className="eyebrow">Superchats for Indian live streamers</p>
              <h1 id="hero-title" className="hero-title">
                Turn every <span className="gradient-text">shabaash</span> into rupees on stream.
              </h1>
              <p className="hero-lede">
                Viewers tip in rupees with a wallet or a one-off guest checkout. You moderate from your phone
                and the best messages land on your OBS overlay in real time.
              </p>
              <div className="button-row">
                <Link to="/register" className="button button-primary button-large">
                  Get started free
                </Link>
                <Link to="/guest-tip" className="button button-secondary button-large">
                  Send a guest tip
                </Link>
              </div>
              <dl className="claims">
                <div>
                  <dt>Tips processed</dt>
                  <dd>2.5M+</dd>
                </div>
                <div>
                  <dt>Checkout time</dt>
                  <dd>&lt; 15 s</dd>
                </div>
                <div>
                  <dt>Code needed for overlays</dt>
                  <dd>None</dd>
                </div>
              </dl>
            </div>
            <div className="hero-visual" aria-hidden="true">
              <div className="stream-frame">
                <div className="stream-top">
                  <span className="live-dot">LIVE</span>
                  <span className="viewers">12.4K watching</span>
                </div>
                <div className="superchat-card">
                  <span className="avatar avatar-initial">P</span>
                  <div>
                    <p className="superchat-name">
                      Priya <span className="superchat-amount">₹501.00</span>
                    </p>
                    <p className="superchat-message">That clutch was insane! Shabaash bhai!</p>
                  </div>
                </div>
                <div className="superchat-card superchat-card-muted">
                  <span className="avatar avatar-initial">R</span>
                  <div>
                    <p className="superchat-name">
                      Rohan <span className="superchat-amount">₹101.00</span>
                    </p>
                    <p className="superchat-message">First superchat from Pune!</p>
                  </div>
                </div>
              </div>
            </div>
          </div>
        </section>

        <section id="features" className="section" aria-labelledby="features-title">
          <div className="container">
            <p className="eyebrow">Features</p>
            <h2 id="features-title" className="section-title">
              Everything a stream needs to get paid
            </h2>
            <ul className="feature-grid">
              {FEATURES.map((feature) => (
                <li key={feature.title} className="feature card">
                  <span className="feature-icon">
                    <FeatureIcon name={feature.icon} />
                  </span>
                  <h3>{feature.title}</h3>
                  <p>{feature.body}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="how-it-works" className="section section-alt" aria-labelledby="steps-title">
          <div className="container">
            <p className="eyebrow">How it works</p>
            <h2 id="steps-title" className="section-title">
              Live in three steps
            </h2>
            <ol className="steps">
              {STEPS.map((step, index) => (
                <li key={step.title} className="step card">
                  <span className="step-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3>{step.title}</h3>
                  <p>{step.body}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section id="platform" className="section" aria-labelledby="platform-title">
          <div className="container">
            <p className="eyebrow">Platform</p>
            <h2 id="platform-title" className="section-title">
              Simple pricing that grows with you
            </h2>
            <div className="pricing">
              <article className="price-card card" aria-labelledby="plan-starter">
                <h3 id="plan-starter">Starter</h3>
                <p className="price">
                  0% <span>platform fee</span>
                </p>
                <p>On your first ₹25K in tips. Only the payment provider&apos;s standard rates apply.</p>
                <ul className="checklist">
                  <li>Viewer wallets and guest checkout</li>
                  <li>Chat Loader moderation</li>
                  <li>Real-time OBS overlay</li>
                </ul>
                <Link to="/register" className="button button-secondary button-block">
                  Start free
                </Link>
              </article>
              <article className="price-card price-card-featured card" aria-labelledby="plan-pro">
                <p className="badge">Most popular</p>
                <h3 id="plan-pro">Pro</h3>
                <p className="price">
                  2.9% <span>flat fee</span>
                </p>
                <p>On tips above ₹25K. Keep everything in Starter, plus:</p>
                <ul className="checklist">
                  <li>Instant settlements</li>
                  <li>Priority support</li>
                  <li>Creator analytics and payouts</li>
                </ul>
                <Link to="/creator" className="button button-primary button-block">
                  Open the creator suite
                </Link>
              </article>
            </div>

            <figure className="testimonial card">
              <blockquote>
                <p>
                  “I set up the overlay between two matches and my chat went wild. Superchats show up the
                  second I push them, and payouts just work.”
                </p>
              </blockquote>
              <figcaption>
                <span className="avatar avatar-initial" aria-hidden="true">
                  A
                </span>
                <span>
                  <strong>Aarav Mehta</strong>
                  <span className="muted"> · BGMI streamer, 180K followers</span>
                </span>
              </figcaption>
            </figure>
          </div>
        </section>

        <section className="section section-alt" aria-labelledby="lead-title">
          <div className="container lead">
            <div>
              <p className="eyebrow">Stay in the loop</p>
              <h2 id="lead-title" className="section-title">
                Get a text when new creator drops go live
              </h2>
              <p className="muted">Leave your mobile number. We only text about launches, never spam.</p>
            </div>
            <LeadForm />
          </div>
        </section>
      </main>

      <footer className="landing-footer">
        <div className="container footer-inner">
          <div>
            <Logo />
            <p className="muted small">Rupee superchats for Indian live streamers.</p>
          </div>
          <nav aria-label="Footer">
            <ul className="footer-links">
              <li>
                <Link to="/guest-tip">Guest tipping</Link>
              </li>
              <li>
                <Link to="/creator">Creator suite</Link>
              </li>
              <li>
                <Link to="/login">Login</Link>
              </li>
              <li>
                <Link to="/privacy">Privacy</Link>
              </li>
              <li>
                <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
              </li>
            </ul>
          </nav>
          <p className="muted small">© {new Date().getFullYear()} Shabaash. Made in India.</p>
        </div>
      </footer>
    </div>
  );
}
