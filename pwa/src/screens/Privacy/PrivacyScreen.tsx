import { Link } from 'react-router-dom';
import { DEFAULT_CONTACT_EMAIL, useConfig } from '../../api/useConfig.ts';

/** /privacy: what Shabaash collects, why, for how long, and the grievance contact (DPDP Act 2023). */
export function PrivacyScreen() {
  const { data: config } = useConfig();
  const contact = config?.contactEmail || DEFAULT_CONTACT_EMAIL;
  return (
    <article className="page container privacy" aria-labelledby="privacy-title">
      <h1 id="privacy-title" className="page-title">
        Privacy notice
      </h1>
      <p className="muted">How Shabaash handles your personal data under India&rsquo;s DPDP Act, 2023.</p>

      <h2>What we collect, and why</h2>
      <ul>
        <li>
          <strong>Name and phone number</strong>: to create your account, verify it with a one-time code and
          sign you in. Creators you tip see your name and only the last 4 digits of your phone number.
        </li>
        <li>
          <strong>Password</strong>: stored only as a one-way hash.
        </li>
        <li>
          <strong>Profile picture</strong> (optional): shown next to your superchats.
        </li>
        <li>
          <strong>Wallet, payments and superchats</strong>: amounts, messages, dates and payment references,
          to move your money, show your superchats and keep the accounts the law requires.
        </li>
        <li>
          <strong>Guest superchats</strong>: the name and message you enter, and the payment reference.
        </li>
      </ul>
      <p>
        We do not sell your data or use it for advertising. Payments are processed by Razorpay and phone codes
        are sent by Google Firebase, each only for that purpose.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>Your account data: until you delete your account.</li>
        <li>Superchat messages on a creator&rsquo;s chat list: cleared after 24 hours.</li>
        <li>
          Payment, wallet and superchat records: as long as Indian tax and payment law requires (up to 8
          years), even after you delete your account, under the name &ldquo;Deleted user&rdquo;.
        </li>
        <li>Server logs: never contain your phone number, password, codes or messages.</li>
      </ul>

      <h2>Your rights</h2>
      <p>
        From your{' '}
        <Link to="/dashboard" className="text-link">
          dashboard
        </Link>{' '}
        you can download all your data as a file and delete your account. You may also ask us to correct your
        data or withdraw consent.
      </p>

      <h2>Grievance officer</h2>
      <p>
        Write to <a href={`mailto:${contact}`}>{contact}</a>. We reply within 30 days. If you are not
        satisfied, you may complain to the Data Protection Board of India.
      </p>
    </article>
  );
}
