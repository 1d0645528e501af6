import { useId, useState, type FormEvent } from 'react';
import { normalizePhone, type MyConsent } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { FormSubmit } from '../../components/FormStatus.tsx';
import { TextField } from '../../components/TextField.tsx';
import { consentLink, useConsentActions, useMyConsent } from '../../hooks/useConsent.ts';
import { money } from '../../i18n/format.ts';
import { localizeText } from '../../i18n/errors.ts';
import { useT } from '../../i18n/i18n.tsx';

/**
 * Age and parental consent on the dashboard: an account without a date of birth gives it once; a minor names a
 * parent's phone and shares the consent link; once the parent confirmed, what is left of this month's cap.
 * Nothing shows for a viewer who may pay without consent.
 */
export function ConsentCard() {
  const { t } = useT();
  const consent = useMyConsent();
  const state = consent.data?.state;
  if (!consent.data || state === 'not_needed') return null;
  return (
    <Card title={t('consent.card.title')} className="consent-card">
      {state === 'date_of_birth_missing' ? (
        <DateOfBirthForm />
      ) : state === 'given' ? (
        <ConsentGiven consent={consent.data} />
      ) : (
        <AskParent consent={consent.data} />
      )}
    </Card>
  );
}

function DateOfBirthForm() {
  const id = useId();
  const { t } = useT();
  const { setDateOfBirth } = useConsentActions();
  const [value, setValue] = useState('');
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDateOfBirth.mutate(value);
  };
  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <p className="muted">{t('consent.card.dateOfBirthLede')}</p>
      <TextField
        id={id}
        label={t('field.dateOfBirth')}
        type="date"
        required
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <FormSubmit
        error={setDateOfBirth.isError ? serverMessage(setDateOfBirth.error, t('error.generic')) : null}
        disabled={setDateOfBirth.isPending}
      >
        {t('consent.card.saveDateOfBirth')}
      </FormSubmit>
    </form>
  );
}

function AskParent({ consent }: { consent: MyConsent }) {
  const id = useId();
  const { t } = useT();
  const { requestConsent } = useConsentActions();
  const [phone, setPhone] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const link = requestConsent.data?.linkToken ? consentLink(requestConsent.data.linkToken) : null;
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const normalized = normalizePhone(phone);
    if (!normalized.ok) return setProblem(localizeText(normalized.message));
    setProblem(null);
    setCopied(false);
    requestConsent.mutate(normalized.phone);
  };
  const handleCopy = async () => {
    if (!link) return;
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setCopied(true);
  };
  const error =
    problem ?? (requestConsent.isError ? serverMessage(requestConsent.error, t('error.generic')) : null);
  return (
    <>
      <p>{t('consent.card.minorLede', { cap: money(consent.monthlyCapPaise ?? 0) })}</p>
      {consent.state === 'pending' && consent.parentPhoneMasked ? (
        <p className="muted" data-testid="consent-pending">
          {t('consent.card.pending', { phone: consent.parentPhoneMasked })}
        </p>
      ) : null}
      {consent.state === 'withdrawn' ? <p className="muted">{t('consent.card.withdrawn')}</p> : null}
      {link ? (
        <div className="field">
          <label htmlFor={`${id}-link`}>{t('consent.card.linkLabel')}</label>
          <input id={`${id}-link`} readOnly value={link} onFocus={(e) => e.target.select()} />
          <p className="hint">{t('consent.card.linkHint')}</p>
          <button type="button" className="button button-secondary" onClick={handleCopy}>
            {copied ? t('consent.card.copied') : t('consent.card.copy')}
          </button>
        </div>
      ) : null}
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          id={id}
          label={t('consent.card.parentPhone')}
          type="tel"
          inputMode="numeric"
          autoComplete="off"
          required
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <FormSubmit error={error} disabled={requestConsent.isPending}>
          {consent.state === 'pending' ? t('consent.card.newLink') : t('consent.card.ask')}
        </FormSubmit>
      </form>
    </>
  );
}

function ConsentGiven({ consent }: { consent: MyConsent }) {
  const { t } = useT();
  return (
    <p data-testid="consent-given">
      {t('consent.card.given', {
        tips: money(consent.tipsLeftPaise ?? 0),
        topUps: money(consent.topUpsLeftPaise ?? 0),
      })}
    </p>
  );
}
