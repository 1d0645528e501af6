import { useId, useState, type FormEvent } from 'react';
import { payoutCorrectionInputSchema, payoutOnboardingInputSchema } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useCorrectPayouts, useOnboardPayouts } from '../../hooks/usePayouts.ts';

export const ONBOARD_FAILED = 'Unable to set up payouts right now. Your details are kept; please try again.';

const FIELDS = [
  { name: 'legalName', label: 'Legal name (as on PAN)', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'pan', label: 'PAN', hint: '5 letters, 4 digits, 1 letter' },
  { name: 'street', label: 'Address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'PIN code', inputMode: 'numeric', autoComplete: 'postal-code' },
  { name: 'accountNumber', label: 'Bank account number', inputMode: 'numeric' },
  { name: 'confirmAccountNumber', label: 'Confirm account number', inputMode: 'numeric' },
  { name: 'ifsc', label: 'IFSC', hint: 'For example HDFC0001234' },
  { name: 'beneficiaryName', label: 'Account holder name' },
] as const;
const BANK_FIELDS = new Set(['accountNumber', 'confirmAccountNumber', 'ifsc', 'beneficiaryName']);

type Values = Record<string, string>;

/**
 * The Route onboarding form, or (with `correction`) the bank fields Razorpay asked to correct. Every format is
 * checked with the shared schema first: a wrong PAN, IFSC or account number shows its message and calls nothing.
 */
export function OnboardingForm({ correction = false }: { correction?: boolean }) {
  const id = useId();
  const onboard = useOnboardPayouts();
  const correct = useCorrectPayouts();
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const fields = FIELDS.filter((f) => !correction || BANK_FIELDS.has(f.name));
  const isBusy = onboard.isPending || correct.isPending;

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
          issue.code === 'invalid_type'
            ? `${fields.find((f) => f.name === key)?.label ?? key} is required.`
            : issue.message;
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
      setFailure(serverMessage(error, ONBOARD_FAILED));
    }
  }

  return (
    <form className="form payout-form" onSubmit={(e) => void handleSubmit(e)} noValidate>
      {fields.map((f) => {
        const inputId = `${id}-${f.name}`;
        const error = errors[f.name];
        return (
          <div className="field" key={f.name}>
            <label htmlFor={inputId}>{f.label}</label>
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
                {error}
              </p>
            ) : 'hint' in f ? (
              <p id={`${inputId}-hint`} className="hint">
                {f.hint}
              </p>
            ) : null}
          </div>
        );
      })}
      <FormStatus error={failure} />
      <button type="submit" className="button button-primary" disabled={isBusy}>
        {isBusy ? 'Sending…' : correction ? 'Send corrections' : 'Set up payouts'}
      </button>
    </form>
  );
}
