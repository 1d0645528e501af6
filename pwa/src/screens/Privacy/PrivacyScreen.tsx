import { linkTo } from '../../components/TextLink.tsx';
import { DEFAULT_CONTACT_EMAIL, useConfig } from '../../api/useConfig.ts';
import { richText, useT, type MessageKey } from '../../i18n/i18n.tsx';

const COLLECTED = ['name', 'password', 'picture', 'age', 'parent', 'wallet', 'guest', 'payout'] as const;
const KEPT = ['account', 'consent', 'chats', 'records', 'handle', 'payout', 'bonus', 'logs'] as const;
const bold = { b: (text: string) => <strong>{text}</strong> };

/** /privacy: what Shabaash collects, why, for how long, and the grievance contact (DPDP Act 2023). */
export function PrivacyScreen() {
  const { t } = useT();
  const { data: config } = useConfig();
  const contact = config?.contactEmail || DEFAULT_CONTACT_EMAIL;
  return (
    <article className="page container privacy" aria-labelledby="privacy-title">
      <h1 id="privacy-title" className="page-title">
        {t('privacy.title')}
      </h1>
      <p className="muted">{t('privacy.lede')}</p>

      <h2>{t('privacy.collect')}</h2>
      <ul>
        {COLLECTED.map((item) => (
          <li key={item}>{richText(`privacy.collect.${item}` satisfies MessageKey, bold)}</li>
        ))}
      </ul>
      <p>{t('privacy.noSale')}</p>

      <h2>{t('privacy.keep')}</h2>
      <ul>
        {KEPT.map((item) => (
          <li key={item}>{t(`privacy.keep.${item}`)}</li>
        ))}
      </ul>

      <h2>{t('privacy.rights')}</h2>
      <p>{richText('privacy.rights.body', linkTo('/dashboard'))}</p>

      <h2>{t('privacy.grievance')}</h2>
      <p>
        {richText(
          'privacy.grievance.body',
          { mail: (text) => <a href={`mailto:${contact}`}>{text}</a> },
          { email: contact },
        )}
      </p>
    </article>
  );
}
