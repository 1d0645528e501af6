import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  SUPPORTER_RANGES,
  WIDGET_KINDS,
  WIDGET_LIMITS,
  defaultWidgetSettings,
  validate,
  widgetSettingsSchema,
  type SupporterRange,
  type WidgetSettings as Settings,
} from '@shabaash/shared';
import { useAuth } from '../../auth/useAuth.ts';
import { Card } from '../../components/Card.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { errorText } from '../../i18n/errors.ts';
import { useCreatorOverlay, useSaveOverlaySettings } from '../../hooks/useCreatorOverlay.ts';
import { WidgetLinkCard } from './WidgetLinkCard.tsx';

/**
 * Issue 14, Overlay Studio: the goal, QR and top supporters widgets' settings (saved with PUT /creator/settings
 * as `widgets`, pushed to open widgets at once), and per widget its link, Copy link and live preview.
 */
export function WidgetSettings() {
  const { t } = useT();
  const { isCreator } = useAuth();
  const overlay = useCreatorOverlay(isCreator);
  const save = useSaveOverlaySettings();
  const stored = overlay.data?.widgets;
  // An older answer without widgets means the defaults (the fieldset unlocks once the overlay has loaded).
  const saved = useMemo(
    () => (overlay.data ? (stored ?? defaultWidgetSettings()) : null),
    [overlay.data, stored],
  );
  const [form, setForm] = useState<Settings>(defaultWidgetSettings);
  const [target, setTarget] = useState('');
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  // The saved settings fill the form once they arrive (the fieldset is disabled until then).
  useEffect(() => {
    if (!saved) return;
    setForm(saved);
    setTarget(String(saved.goal.targetAmount));
  }, [saved]);

  if (!isCreator || !overlay.data) return null;
  const { overlayKey, overlayTheme, font, color, sound } = overlay.data;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const next = { ...form, goal: { ...form.goal, targetAmount: Number(target.trim() || NaN) } };
    const checked = validate(widgetSettingsSchema, next);
    if (!checked.ok) return setStatus({ kind: 'error', text: checked.message });
    setStatus(null);
    try {
      await save.mutateAsync({ overlayTheme, font, color, sound, widgets: checked.data });
      setStatus({ kind: 'ok', text: t('widgetSettings.saved') });
    } catch (error) {
      setStatus({ kind: 'error', text: errorText(error, 'widgetSettings.saveFailed') });
    }
  }

  const set = <K extends keyof Settings>(key: K, value: Partial<Settings[K]>) =>
    setForm((f) => ({ ...f, [key]: { ...f[key], ...value } }));

  return (
    <Card title={t('widgetSettings.title')} className="os-widgets">
      <p className="muted">{t('widgetSettings.intro')}</p>
      <form className="form" onSubmit={(e) => void handleSubmit(e)} noValidate>
        <fieldset className="os-fieldset" disabled={!saved}>
          <legend>{t('widgetSettings.goal')}</legend>
          <div className="field">
            <label htmlFor="ws-goal-title">{t('widgetSettings.goalTitle')}</label>
            <input
              id="ws-goal-title"
              value={form.goal.title}
              maxLength={WIDGET_LIMITS.maxTitleLength}
              placeholder={t('widgetSettings.goalTitlePlaceholder')}
              onChange={(e) => set('goal', { title: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="ws-goal-target">{t('widgetSettings.goalAmount')}</label>
            <input
              id="ws-goal-target"
              inputMode="numeric"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
            />
          </div>
        </fieldset>
        <fieldset className="os-fieldset" disabled={!saved}>
          <legend>{t('widgetSettings.qr')}</legend>
          <div className="field">
            <label htmlFor="ws-qr-caption">{t('widgetSettings.qrCaption')}</label>
            <input
              id="ws-qr-caption"
              value={form.qr.caption}
              maxLength={WIDGET_LIMITS.maxCaptionLength}
              placeholder={t('widgetSettings.qrCaptionPlaceholder')}
              onChange={(e) => set('qr', { caption: e.target.value })}
            />
          </div>
        </fieldset>
        <fieldset className="os-fieldset" disabled={!saved}>
          <legend>{t('widgetSettings.supporters')}</legend>
          <label className="os-check">
            <input
              type="checkbox"
              checked={form.supporters.enabled}
              onChange={(e) => set('supporters', { enabled: e.target.checked })}
            />
            {t('widgetSettings.supportersShow')}
          </label>
          <div className="field">
            <label htmlFor="ws-supporters-range">{t('widgetSettings.supportersRange')}</label>
            <select
              id="ws-supporters-range"
              value={form.supporters.range}
              onChange={(e) => set('supporters', { range: e.target.value as SupporterRange })}
            >
              {SUPPORTER_RANGES.map((range) => (
                <option key={range} value={range}>
                  {t(`widgetSettings.range.${range}`)}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <button type="submit" className="button button-primary" disabled={!saved || save.isPending}>
          {save.isPending ? t('widgetSettings.saving') : t('widgetSettings.save')}
        </button>
        {status ? (
          <p
            className={`form-status ${status.kind === 'ok' ? 'form-status-success' : 'form-status-error'}`}
            role={status.kind === 'ok' ? 'status' : 'alert'}
          >
            {status.text}
          </p>
        ) : null}
      </form>
      <div className="os-widget-grid">
        {WIDGET_KINDS.map((kind) => (
          <WidgetLinkCard
            key={kind}
            kind={kind}
            overlayKey={overlayKey}
            note={
              kind === 'supporters' && !saved?.supporters.enabled
                ? t('widgetSettings.supportersOff')
                : undefined
            }
          />
        ))}
      </div>
    </Card>
  );
}
