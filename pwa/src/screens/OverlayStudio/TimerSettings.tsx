import { useEffect, useState, type FormEvent } from 'react';
import {
  TIMER_ADD_ON,
  TIMER_CAP_MODES,
  TIMER_LIMITS,
  TIMER_RATE_MODES,
  defaultTimerSettings,
  timerSettingsSchema,
  validate,
  type TimerSettings as Settings,
} from '@shabaash/shared';
import { Card } from '../../components/Card.tsx';
import { SelectField } from '../../components/Field.tsx';
import { TextField } from '../../components/TextField.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { numberOrNaN } from '../../lib/amount.ts';
import { useT } from '../../i18n/i18n.tsx';
import { errorText } from '../../i18n/errors.ts';
import { useSaveTimerSettings, useTimer } from '../../hooks/useTimer.ts';
import { SettingsGroup } from './SettingsGroup.tsx';
import { TimerTierRates, type TierRateDraft } from './TimerTierRates.tsx';

/** The number fields of the form (typed as text, checked by the shared schema on save). */
type NumberName = 'startMinutes' | 'secondsPerRupee' | 'capMinutes';

/**
 * The subathon timer's settings in the Overlay Studio: starting time, seconds per rupee or per tier, cap, which tips count,
 * when time is added and the ending text (PUT /creator/timer/settings; open widgets redraw at once). The widget's
 * link and preview are with the other widgets' below.
 */
export function TimerSettings() {
  const { t } = useT();
  const timer = useTimer();
  const save = useSaveTimerSettings();
  const saved = timer.data?.settings ?? null;
  const [form, setForm] = useState<Settings>(defaultTimerSettings);
  const [numbers, setNumbers] = useState<Record<NumberName, string>>({
    startMinutes: '',
    secondsPerRupee: '',
    capMinutes: '',
  });
  const [tierRows, setTierRows] = useState<TierRateDraft[]>([]);
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});

  useEffect(() => {
    if (!saved) return;
    setForm(saved);
    setNumbers({
      startMinutes: String(saved.startMinutes),
      secondsPerRupee: String(saved.secondsPerRupee),
      capMinutes: String(saved.capMinutes),
    });
    setTierRows(
      saved.tierSeconds.map((tier) => ({ minAmount: String(tier.minAmount), seconds: String(tier.seconds) })),
    );
  }, [saved]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const next = {
      ...form,
      startMinutes: numberOrNaN(numbers.startMinutes),
      secondsPerRupee: numberOrNaN(numbers.secondsPerRupee),
      capMinutes: numberOrNaN(numbers.capMinutes),
      tierSeconds: tierRows.map((row) => ({
        minAmount: numberOrNaN(row.minAmount),
        seconds: numberOrNaN(row.seconds),
      })),
    };
    const checked = validate(timerSettingsSchema, next);
    if (!checked.ok) return setStatus({ error: checked.message });
    setStatus({});
    try {
      await save.mutateAsync(checked.data);
      setStatus({ success: t('timerSettings.saved') });
    } catch (error) {
      setStatus({ error: errorText(error, 'timerSettings.saveFailed') });
    }
  }

  const set = (value: Partial<Settings>) => setForm((f) => ({ ...f, ...value }));
  const numberField = (name: NumberName) => (
    <TextField
      id={`ts-${name}`}
      label={t(`timerSettings.${name}`)}
      inputMode="numeric"
      value={numbers[name]}
      onChange={(e) => setNumbers((n) => ({ ...n, [name]: e.target.value }))}
    />
  );

  return (
    <Card title={t('timerSettings.title')} className="os-timer">
      <p className="muted">{t('timerSettings.intro')}</p>
      <form className="form" onSubmit={(e) => void handleSubmit(e)} noValidate>
        <SettingsGroup legend={t('timerSettings.title')} disabled={!saved}>
          {numberField('startMinutes')}
          <SelectField
            id="ts-rate-mode"
            label={t('timerSettings.rateMode')}
            value={form.rateMode}
            options={TIMER_RATE_MODES.map((mode) => ({
              value: mode,
              label: t(`timerSettings.rate.${mode}`),
            }))}
            onChange={(rateMode) => set({ rateMode })}
          />
          {form.rateMode === 'rupee' ? (
            numberField('secondsPerRupee')
          ) : (
            <TimerTierRates rows={tierRows} onChange={setTierRows} />
          )}
          <SelectField
            id="ts-cap-mode"
            label={t('timerSettings.capMode')}
            value={form.capMode}
            options={TIMER_CAP_MODES.map((mode) => ({ value: mode, label: t(`timerSettings.cap.${mode}`) }))}
            onChange={(capMode) => set({ capMode })}
          />
          {form.capMode !== 'none' ? numberField('capMinutes') : null}
          <SelectField
            id="ts-add-on"
            label={t('timerSettings.addOn')}
            value={form.addOn}
            options={TIMER_ADD_ON.map((addOn) => ({
              value: addOn,
              label: t(`timerSettings.addOn.${addOn}`),
            }))}
            onChange={(addOn) => set({ addOn })}
          />
          <label className="os-check">
            <input
              type="checkbox"
              checked={form.countGuestTips}
              onChange={(e) => set({ countGuestTips: e.target.checked })}
            />
            {t('timerSettings.countGuest')}
          </label>
          <label className="os-check">
            <input
              type="checkbox"
              checked={form.countWalletTips}
              onChange={(e) => set({ countWalletTips: e.target.checked })}
            />
            {t('timerSettings.countWallet')}
          </label>
          <TextField
            id="ts-ending-text"
            label={t('timerSettings.endingText')}
            placeholder={t('timerSettings.endingTextPlaceholder')}
            maxLength={TIMER_LIMITS.maxEndingTextLength}
            value={form.endingText}
            onChange={(e) => set({ endingText: e.target.value })}
          />
        </SettingsGroup>
        <button type="submit" className="button button-primary" disabled={!saved || save.isPending}>
          {save.isPending ? t('timerSettings.saving') : t('timerSettings.save')}
        </button>
        <FormStatus error={status.error} success={status.success} />
      </form>
    </Card>
  );
}
