import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIMITS } from '@shabaash/shared';
import { useConfig } from '../../api/useConfig.ts';
import { normalizeHandle, rememberCreator } from '../../lib/referringCreator.ts';
import { useSafetyCheck, useTipRules } from '../../hooks/tipSafety.ts';
import { TextField } from '../../components/TextField.tsx';
import { TipAmountField, TipMessageField } from '../../components/TipFields.tsx';
import { CoverFeesField } from '../../components/CoverFeesField.tsx';
import { parseRupeeAmount } from '../../lib/amount.ts';
import { AGE_CONFIRMED_FIELD, useGuestCheckout } from './useGuestCheckout.ts';
import { creatorLabel } from './creatorLabel.ts';
import './guestTip.css';
import { useHydrated } from '../../hooks/useHydrated.ts';
import { usePrerenderedField } from '../../hooks/usePrerenderedField.ts';
import { richText, useT } from '../../i18n/i18n.tsx';
import { localizeText } from '../../i18n/errors.ts';
import { rupees as formatAmount } from '../../i18n/format.ts';

/** /guest-tip: tip a creator (from `?c=<handle>`) without an account. */
export function GuestTipScreen() {
  const hydrated = useHydrated();
  const { t } = useT();
  const id = useId();
  const [params] = useSearchParams();
  const config = useConfig();

  const linkHandle = normalizeHandle(params.get('c'));
  const defaultCreator = config.data?.defaultCreator ?? null;
  const creator = linkHandle ?? defaultCreator?.handle ?? null;
  const label = creatorLabel(linkHandle, defaultCreator);

  useEffect(() => {
    if (linkHandle) rememberCreator(linkHandle);
  }, [linkHandle]);

  const nameField = usePrerenderedField();
  const amountField = usePrerenderedField();
  const messageField = usePrerenderedField();
  const message = messageField.value;
  const [coverFees, setCoverFees] = useState(false);
  const { isPreparing, amountError, status, submitBlock, setSubmitBlock, handleSubmit } = useGuestCheckout(
    creator,
    { name: nameField, amount: amountField, message: messageField },
    { coverFees },
  );

  const rules = useTipRules(creator);
  const liveBlock = useSafetyCheck(creator, message);
  const messageBlock = message.trim() ? (liveBlock ?? submitBlock) : null;

  return (
    <div className="page container guest-tip">
      <section className="card guest-card" aria-labelledby={`${id}-title`}>
        <p className="eyebrow">{t('guestTip.eyebrow')}</p>
        <h1 id={`${id}-title`} className="page-title">
          {t('guestTip.heading')}
        </h1>
        <p className="guest-creator" data-testid="guest-creator">
          {label
            ? richText('guestTip.tipping', { strong: (text) => <strong>{text}</strong> }, { creator: label })
            : config.isPending
              ? t('guestTip.finding')
              : t('guestTip.featured')}
        </p>
        <form className="form" onSubmit={handleSubmit} noValidate>
          <TextField
            id={`${id}-name`}
            label={
              <>
                {t('field.name')} <span className="optional">{t('field.optional')}</span>
              </>
            }
            name="name"
            autoComplete="name"
            maxLength={LIMITS.guestNameMaxLength}
            {...nameField.inputProps}
          />
          <TipAmountField
            id={`${id}-amount`}
            placeholder="99"
            binding={amountField.inputProps}
            error={amountError}
            min={rules?.minAmount}
            hint={rules ? t('guestTip.minimum', { amount: formatAmount(rules.minAmount) }) : undefined}
          />
          <TipMessageField
            id={`${id}-message`}
            value={message}
            rows={3}
            hint={t('guestTip.messageHint')}
            error={messageBlock}
            binding={{
              ...messageField.inputProps,
              onChange: (e) => {
                messageField.inputProps.onChange(e);
                setSubmitBlock(null);
              },
            }}
          />
          <CoverFeesField
            id={`${id}-cover-fees`}
            checked={coverFees}
            onChange={setCoverFees}
            amount={parseRupeeAmount(amountField.value)}
          />
          <label className="checkbox">
            <input type="checkbox" name={AGE_CONFIRMED_FIELD} required />
            {t('guestTip.ageConfirm')}
          </label>
          <ul className="guest-notes">
            <li>{t('guestTip.note1')}</li>
            <li>{t('guestTip.note2')}</li>
          </ul>
          <button
            type="submit"
            className="button button-primary button-block button-large"
            disabled={!hydrated || isPreparing || messageBlock !== null}
          >
            {isPreparing ? t('guestTip.preparing') : t('guestTip.submit')}
          </button>
          <p
            className={`form-status form-status-${status.kind} guest-status guest-status-${status.kind}`}
            role={status.kind === 'error' ? 'alert' : 'status'}
            data-testid="guest-status"
          >
            {localizeText(status.text)}
          </p>
        </form>
      </section>
    </div>
  );
}
