import { useId, useState, type FormEvent } from 'react';
import { payoutCorrectionInputSchema, payoutOnboardingInputSchema } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useCorrectPayouts, useOnboardPayouts } from '../../hooks/usePayouts.ts';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';
import { localizeText } from '../../i18n/errors.ts';

/** Each field with its catalogue label (and hint): `payouts.form.<name>`. */
const FIELDS = [
  { name: 'legalName', label: 'payouts.form.legalName', autoComplete: 'name' },
  { name: 'email', label: 'payouts.form.email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'payouts.form.phone', type: 'tel', autoComplete: 'tel' },
  { name: 'pan', label: 'payouts.form.pan', hint: 'payouts.form.panHint' },
  { name: 'street', label: 'payouts.form.street', autoComplete: 'street-address' },
  { name: 'city', label: 'payouts.form.city', autoComplete: 'address-level2' },
  { name: 'state', label: 'payouts.form.state', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'payouts.form.postalCode', inputMode: 'numeric', autoComplete: 'postal-code' },
  { name: 'accountNumber', label: 'payouts.form.accountNumber', inputMode: 'numeric' },
  { name: 'confirmAccountNumber', label: 'payouts.form.confirmAccountNumber', inputMode: 'numeric' },
  { name: 'ifsc', label: 'payouts.form.ifsc', hint: 'payouts.form.ifscHint' },
  { name: 'beneficiaryName', label: 'payouts.form.beneficiaryName' },
] as const satisfies ReadonlyArray<{
  name: string;
  label: MessageKey;
  hint?: MessageKey;
  type?: string;
  inputMode?: string;
  autoComplete?: string;
}>;
const BANK_FIELDS = new Set(['accountNumber', 'confirmAccountNumber', 'ifsc', 'beneficiaryName']);

type Values = Record<string, string>;

/**
 * The Route onboarding form, or (with `correction`) the bank fields Razorpay asked to correct. Every format is
 * checked with the shared schema first: a wrong PAN, IFSC or account number shows its message and calls nothing.
 */
export function OnboardingForm({ correction = false }: { correction?: boolean }) {
  const id = useId();
  const { t } = useT();
  const onboard = useOnboardPayouts();
  const correct = useCorrectPayouts();
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const fields = FIELDS.filter((f) => !correction || BANK_FIELDS.has(f.name));
  const isBusy = onboard.isPending || correct.isPending;
  const labelOf = (name: string) => {
    const field = fields.find((f) => f.name === name);
    return field ? t(field.label) : name;
  };

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const schema = correction ? payoutCorrectionInputSchema : payoutOnboardingInputSchema;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        found[key] ??=
          issue.code === 'invalid_type' ? t('payouts.form.required', { label: labelOf(key) }) : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      if (correction)
        await correct.mutateAsync(parsed.data as never); // the correction schema's output
      else await onboard.mutateAsync(values as never); // the form's values, re-validated by the API
      setValues({});
    } catch (error) {
      setFailure(serverMessage(error, t('payouts.form.failed')));
    }
  }

  return (
    <form className="form payout-form" onSubmit={(e) => void handleSubmit(e)} noValidate>
      {fields.map((f) => {
        const inputId = `${id}-${f.name}`;
        const error = errors[f.name];
        return (
          <div className="field" key={f.name}>
            <label htmlFor={inputId}>{t(f.label)}</label>
            <input
              id={inputId}
              name={f.name}
              type={'type' in f ? f.type : 'text'}
              inputMode={'inputMode' in f ? f.inputMode : undefined}
              autoComplete={'autoComplete' in f ? f.autoComplete : 'off'}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : 'hint' in f ? `${inputId}-hint` : undefined}
              value={values[f.name] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            />
            {error ? (
              <p id={`${inputId}-error`} className="field-error" role="alert">
                {localizeText(error)}
              </p>
            ) : 'hint' in f ? (
              <p id={`${inputId}-hint`} className="hint">
                {t(f.hint)}
              </p>
            ) : null}
          </div>
        );
      })}
      <FormStatus error={failure} />
      <button type="submit" className="button button-primary" disabled={isBusy}>
        {isBusy
          ? t('payouts.form.sending')
          : correction
            ? t('payouts.form.correct')
            : t('payouts.form.submit')}
      </button>
    </form>
  );
}
