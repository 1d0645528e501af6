import { TIMER_LIMITS } from '@shabaash/shared';
import { TextField } from '../../components/TextField.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** One row as typed (text, checked by the shared schema on save). */
export interface TierRateDraft {
  minAmount: string;
  seconds: string;
}

/**
 * The subathon timer's time per tier: each row "from ₹X, add N seconds"; a tip adds the seconds of the highest row
 * it reaches. Rows can be added (up to TIMER_LIMITS.maxTimerTiers) and removed.
 */
export function TimerTierRates({
  rows,
  onChange,
}: {
  rows: TierRateDraft[];
  onChange(rows: TierRateDraft[]): void;
}) {
  const { t } = useT();
  const set = (index: number, patch: Partial<TierRateDraft>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="os-fieldset">
      <legend>{t('timerSettings.tiers')}</legend>
      <p className="muted">{t('timerSettings.tiersHint')}</p>
      <ul className="os-tiers">
        {rows.map((row, index) => (
          <li className="os-tier" key={index} data-testid="timer-tier-row">
            <span className="os-tier-title">{t('timerSettings.tierN', { n: index + 1 })}</span>
            <TextField
              id={`ts-tier-${index}-amount`}
              label={t('timerSettings.tierFrom')}
              inputMode="decimal"
              value={row.minAmount}
              onChange={(e) => set(index, { minAmount: e.target.value })}
            />
            <TextField
              id={`ts-tier-${index}-seconds`}
              label={t('timerSettings.tierSeconds')}
              inputMode="numeric"
              value={row.seconds}
              onChange={(e) => set(index, { seconds: e.target.value })}
            />
            <button
              type="button"
              className="button button-ghost button-small"
              aria-label={t('timerSettings.removeTierN', { n: index + 1 })}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              {t('timerSettings.removeTier')}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button-secondary"
        disabled={rows.length >= TIMER_LIMITS.maxTimerTiers}
        onClick={() => onChange([...rows, { minAmount: '', seconds: '' }])}
      >
        {t('timerSettings.addTier')}
      </button>
    </fieldset>
  );
}
