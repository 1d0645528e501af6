import { useT } from '../i18n/i18n.tsx';
import { rupees } from '../i18n/format.ts';
import './coverFeesField.css';

/**
 * "I'll cover the fees": a checkbox under a tip's amount, worded as Indian donation pages word it (the creator is
 * named above the form; the label stays the same on the prerendered guest page, which draws it before React). Ticked, the amount
 * is what the creator receives and the server adds the platform fee (the total shows in the checkout or the wallet
 * debit); the hint says so.
 */
export function CoverFeesField({
  id,
  checked,
  onChange,
  amount,
  hint,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The amount typed, in rupees, when it is one. */
  amount: number | null;
  /** Where the fee shows: the checkout's total (the default) or the wallet debit. */
  hint?: string;
}) {
  const { t } = useT();
  return (
    <div className="field cover-fees">
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name="coverFees"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        <span>
          {amount !== null ? t('coverFees.label', { amount: rupees(amount) }) : t('coverFees.labelNoAmount')}
        </span>
      </label>
      <p id={`${id}-hint`} className="hint">
        {hint ?? t('coverFees.hint')}
      </p>
    </div>
  );
}
