import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  SUPPORTER_RANGES,
  WIDGET_KINDS,
  WIDGET_LIMITS,
  defaultWidgetSettings,
  validate,
  widgetSettingsSchema,
  type WidgetSettings as Settings,
} from '@shabaash/shared';
import { useAuth } from '../../hooks/useAuth.ts';
import { Card } from '../../components/Card.tsx';
import { SelectField } from '../../components/Field.tsx';
import { TextField } from '../../components/TextField.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { numberOrNaN } from '../../lib/amount.ts';
import { useT } from '../../i18n/i18n.tsx';
import { errorText } from '../../i18n/errors.ts';
import { useCreatorOverlay, useSaveOverlaySettings } from '../../hooks/useCreatorOverlay.ts';
import { SettingsGroup } from './SettingsGroup.tsx';
import { SupportersManager } from './SupportersManager.tsx';
import { WidgetLinkCard } from './WidgetLinkCard.tsx';

/** The widgets' free-text settings: field id and length limit; label and placeholder are `widgetSettings.<name>…`. */
const TEXT_SETTINGS = {
  goalTitle: { id: 'ws-goal-title', maxLength: WIDGET_LIMITS.maxTitleLength },
  qrCaption: { id: 'ws-qr-caption', maxLength: WIDGET_LIMITS.maxCaptionLength },
} as const;

function TextSetting({
  name,
  value,
  onChange,
}: {
  name: keyof typeof TEXT_SETTINGS;
  value: string;
  onChange(value: string): void;
}) {
  const { t } = useT();
  return (
    <TextField
      {...TEXT_SETTINGS[name]}
      label={t(`widgetSettings.${name}`)}
      placeholder={t(`widgetSettings.${name}Placeholder`)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * Overlay Studio: the goal, QR and top supporters widgets' settings (saved with PUT /creator/settings
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
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});

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
    const next = { ...form, goal: { ...form.goal, targetAmount: numberOrNaN(target) } };
    const checked = validate(widgetSettingsSchema, next);
    if (!checked.ok) return setStatus({ error: checked.message });
    setStatus({});
    try {
      await save.mutateAsync({ overlayTheme, font, color, sound, widgets: checked.data });
      setStatus({ success: t('widgetSettings.saved') });
    } catch (error) {
      setStatus({ error: errorText(error, 'widgetSettings.saveFailed') });
    }
  }

  const set = <K extends keyof Settings>(key: K, value: Partial<Settings[K]>) =>
    setForm((f) => ({ ...f, [key]: { ...f[key], ...value } }));

  return (
    <Card title={t('widgetSettings.title')} className="os-widgets">
      <p className="muted">{t('widgetSettings.intro')}</p>
      <form className="form" onSubmit={(e) => void handleSubmit(e)} noValidate>
        <SettingsGroup legend={t('widgetSettings.goal')} disabled={!saved}>
          <TextSetting
            name="goalTitle"
            value={form.goal.title}
            onChange={(title) => set('goal', { title })}
          />
          <TextField
            id="ws-goal-target"
            label={t('widgetSettings.goalAmount')}
            inputMode="numeric"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          />
        </SettingsGroup>
        <SettingsGroup legend={t('widgetSettings.qr')} disabled={!saved}>
          <TextSetting
            name="qrCaption"
            value={form.qr.caption}
            onChange={(caption) => set('qr', { caption })}
          />
        </SettingsGroup>
        <SettingsGroup legend={t('widgetSettings.supporters')} disabled={!saved}>
          <label className="os-check">
            <input
              type="checkbox"
              checked={form.supporters.enabled}
              onChange={(e) => set('supporters', { enabled: e.target.checked })}
            />
            {t('widgetSettings.supportersShow')}
          </label>
          <SelectField
            id="ws-supporters-range"
            label={t('widgetSettings.supportersRange')}
            value={form.supporters.range}
            options={SUPPORTER_RANGES.map((range) => ({
              value: range,
              label: t(`widgetSettings.range.${range}`),
            }))}
            onChange={(range) => set('supporters', { range })}
          />
        </SettingsGroup>
        <button type="submit" className="button button-primary" disabled={!saved || save.isPending}>
          {save.isPending ? t('widgetSettings.saving') : t('widgetSettings.save')}
        </button>
        <FormStatus error={status.error} success={status.success} />
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
      <SupportersManager />
    </Card>
  );
}
