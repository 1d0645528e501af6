import { useId, useState, type FormEvent } from 'react';
import { LIMITS, MESSAGES } from '@shabaash/shared';
import { errorMessage } from '../../api/client.ts';
import { useCreateLead, type LeadPayload } from './useCreateLead.ts';
import { useHydrated } from '../../hooks/useHydrated.ts';
import { usePrerenderedField } from '../../hooks/usePrerenderedField.ts';
import { useT } from '../../i18n/i18n.tsx';
import { localizeText } from '../../i18n/errors.ts';

export const LEAD_TAGS = ['landing', 'newsletter'];

type LeadState =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'success' } | { kind: 'error'; message: string };

/** Builds the lead payload: phone must be 10 digits after stripping; name/email only when non-empty. */
export function buildLeadPayload(fields: {
  name: string;
  email: string;
  phone: string;
}): LeadPayload | string {
  const digits = fields.phone.replace(/\D/g, '');
  if (digits.length !== 10) return MESSAGES.invalidLeadPhone;
  const payload: LeadPayload = { phone: digits, tags: [...LEAD_TAGS] };
  const name = fields.name.trim();
  const email = fields.email.trim();
  if (name) payload.name = name;
  if (email) payload.email = email;
  return payload;
}

/** The landing page's lead-capture form: idle, Sending…, success or error. */
export function LeadForm() {
  const hydrated = useHydrated();
  const { t } = useT();
  const id = useId();
  const createLead = useCreateLead();
  const name = usePrerenderedField();
  const email = usePrerenderedField();
  const phone = usePrerenderedField();
  const [state, setState] = useState<LeadState>({ kind: 'idle' });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const payload = buildLeadPayload({ name: name.value, email: email.value, phone: phone.value });
    if (typeof payload === 'string') {
      setState({ kind: 'error', message: payload });
      return;
    }
    setState({ kind: 'sending' });
    try {
      await createLead.mutateAsync(payload);
      setState({ kind: 'success' });
      name.set('');
      email.set('');
      phone.set('');
    } catch (caught) {
      setState({ kind: 'error', message: errorMessage(caught, MESSAGES.leadFailed) });
    }
  };

  const isSending = state.kind === 'sending';
  return (
    <form className="lead-form" onSubmit={handleSubmit} noValidate aria-describedby={`${id}-status`}>
      <div className="lead-fields">
        <div className="field">
          <label htmlFor={`${id}-name`}>
            {t('field.name')} <span className="optional">{t('field.optional')}</span>
          </label>
          <input id={`${id}-name`} name="name" autoComplete="name" maxLength={80} {...name.inputProps} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>
            {t('field.email')} <span className="optional">{t('field.optional')}</span>
          </label>
          <input id={`${id}-email`} name="email" type="email" autoComplete="email" {...email.inputProps} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-phone`}>{t('landing.lead.phone')}</label>
          <input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="98765 43210"
            maxLength={LIMITS.leadPhoneInputMaxLength}
            required
            aria-invalid={state.kind === 'error' && state.message === MESSAGES.invalidLeadPhone}
            {...phone.inputProps}
          />
        </div>
      </div>
      <button type="submit" className="button button-primary" disabled={!hydrated || isSending}>
        {isSending ? t('landing.lead.sending') : t('landing.lead.submit')}
      </button>
      <div id={`${id}-status`} className="lead-status" aria-live="polite">
        {state.kind === 'success' && (
          <p className="form-status form-status-success">{t('msg.leadCaptured')}</p>
        )}
        {state.kind === 'error' && (
          <p className="form-status form-status-error" role="alert">
            {localizeText(state.message)}
          </p>
        )}
      </div>
    </form>
  );
}
