import { useEffect, useState, type FormEvent } from 'react';
import {
  defaultShowSettings,
  SHOW_LIMITS,
  showSettingsSchema,
  type OverlaySettings,
  type ShowSettings,
  type ShowTier,
} from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { Field } from '../../components/Field.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useSaveOverlaySettings } from '../../hooks/useCreatorOverlay.ts';
import { numberOrNaN } from '../../lib/amount.ts';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';
import { SettingsGroup } from './SettingsGroup.tsx';
import { TierPreview } from './TierPreview.tsx';
import { TierSoundField } from './TierSoundField.tsx';

type Errors = Record<string, string>;

/** The speech settings typed as numbers, in the form's order. */
const TTS_NUMBERS = [
  { key: 'minAmount', label: 'show.ttsMinAmount', inputMode: 'decimal' },
  { key: 'maxChars', label: 'show.ttsMaxChars', inputMode: 'numeric' },
  { key: 'volume', label: 'show.ttsVolume', inputMode: 'numeric' },
] as const satisfies ReadonlyArray<{
  key: keyof ShowSettings['tts'];
  label: MessageKey;
  inputMode: 'decimal' | 'numeric';
}>;

/** The shared schema's messages by field path ("tiers.2.minAmount", "tts.volume", "tiers" for the whole list). */
function validate(draft: ShowSettings): { show: ShowSettings } | { errors: Errors } {
  const parsed = showSettingsSchema.safeParse(draft);
  if (parsed.success) return { show: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.') || 'form';
    errors[path] ??= issue.message;
  }
  return { errors };
}

/** A field's id from its path: "tiers.2.color" → "os-tiers-2-color" (its error line is `${id}-error`). */
const fieldId = (path: string) => `os-${path.replace(/\./g, '-')}`;
const invalid = (path: string, errors: Errors) =>
  errors[path] ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(path)}-error` } : {};

/** A number of the show settings at `path` ("tiers.2.minAmount", "tts.volume"): its field, id and error from the path. */
function NumberField({
  path,
  label,
  inputMode,
  value,
  errors,
  onChange,
}: {
  path: string;
  label: string;
  inputMode: 'decimal' | 'numeric';
  value: number;
  errors: Errors;
  onChange(value: number): void;
}) {
  const id = fieldId(path);
  const error = errors[path];
  return (
    <Field id={id} label={label} error={error} className="os-field">
      <input
        id={id}
        inputMode={inputMode}
        value={Number.isFinite(value) ? String(value) : ''}
        onChange={(e) => onChange(numberOrNaN(e.target.value))}
        {...invalid(path, errors)}
      />
    </Field>
  );
}

function Check({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  label: string;
}) {
  return (
    <label className="os-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** One tier: its minimum (not for the base tier), colour, seconds on screen, and Remove (not for the base tier). */
function TierRow({
  tier,
  index,
  errors,
  onChange,
  onRemove,
}: {
  tier: ShowTier;
  index: number;
  errors: Errors;
  onChange(patch: Partial<ShowTier>): void;
  onRemove(): void;
}) {
  const { t } = useT();
  const name = index === 0 ? t('show.baseTier') : t('show.tierN', { n: index });
  const path = (field: keyof ShowTier) => `tiers.${index}.${field}`;
  const numberField = (field: 'minAmount' | 'seconds', inputMode: 'decimal' | 'numeric') => (
    <NumberField
      path={path(field)}
      label={t(`show.${field}`)}
      inputMode={inputMode}
      value={tier[field]}
      errors={errors}
      onChange={(value) => onChange({ [field]: value })}
    />
  );
  return (
    <li className="os-tier" data-testid="tier-row">
      <span className="os-tier-title">{name}</span>
      {index > 0 ? numberField('minAmount', 'decimal') : null}
      <Field
        id={fieldId(path('color'))}
        label={t('show.color')}
        error={errors[path('color')]}
        className="os-field"
      >
        <div className="os-color-row">
          <input
            id={fieldId(path('color'))}
            type="color"
            value={/^#[0-9a-f]{6}$/i.test(tier.color) ? tier.color : '#000000'}
            onChange={(e) => onChange({ color: e.target.value })}
          />
          <input
            aria-label={t('show.colorHex', { tier: name })}
            className="os-hex"
            maxLength={7}
            value={tier.color}
            onChange={(e) => onChange({ color: e.target.value.trim() })}
            {...invalid(path('color'), errors)}
          />
        </div>
      </Field>
      {numberField('seconds', 'numeric')}
      <TierSoundField
        tier={tier}
        idPrefix={fieldId(`tiers.${index}`)}
        tierName={name}
        volumeError={errors[path('volume')]}
        onChange={onChange}
      />
      {index > 0 ? (
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={t('show.removeTierN', { n: index })}
          onClick={onRemove}
        >
          {t('show.removeTier')}
        </button>
      ) : null}
    </li>
  );
}

/** Overlay Studio: edit tiers (base + up to 6), auto-advance and TTS; preview each tier; save with the looks. */
export function ShowEditor({ looks }: { looks: OverlaySettings & { overlayKey: string } }) {
  const { t } = useT();
  const save = useSaveOverlaySettings();
  const [draft, setDraft] = useState<ShowSettings>(() => looks.show ?? defaultShowSettings());
  const [loadedFrom, setLoadedFrom] = useState(looks.overlayKey);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});

  // A new overlay key means another load of the settings; edits in progress are otherwise kept.
  useEffect(() => {
    if (loadedFrom === looks.overlayKey) return;
    setLoadedFrom(looks.overlayKey);
    setDraft(looks.show ?? defaultShowSettings());
  }, [looks, loadedFrom]);

  const setTier = (index: number, patch: Partial<ShowTier>) =>
    setDraft((d) => ({ ...d, tiers: d.tiers.map((t, i) => (i === index ? { ...t, ...patch } : t)) }));
  const setTts = (patch: Partial<ShowSettings['tts']>) =>
    setDraft((d) => ({ ...d, tts: { ...d.tts, ...patch } }));
  const canAdd = draft.tiers.length < SHOW_LIMITS.maxTiers + 1;
  function addTier() {
    setDraft((d) => {
      const last = d.tiers.at(-1);
      const minAmount = last ? (Number.isFinite(last.minAmount) ? last.minAmount : 0) * 2 || 50 : 0;
      return {
        ...d,
        tiers: [...d.tiers, { minAmount, color: last?.color ?? '#1e88e5', seconds: last?.seconds ?? 5 }],
      };
    });
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setStatus({});
    const result = validate(draft);
    if ('errors' in result) {
      setErrors(result.errors);
      setStatus({ error: result.errors.tiers ?? result.errors.form ?? t('show.fixErrors') });
      return;
    }
    setErrors({});
    try {
      const { overlayTheme, font, color, sound } = looks;
      await save.mutateAsync({ overlayTheme, font, color, sound, show: result.show });
      setStatus({ success: t('show.saved') });
    } catch (error) {
      setStatus({ error: serverMessage(error, t('show.saveFailed')) });
    }
  }

  return (
    <>
      <Card title={t('show.title')} hint={t('show.intro')} className="os-show">
        <form className="form" onSubmit={(e) => void handleSubmit(e)} noValidate>
          <SettingsGroup legend={t('show.tiersLegend')}>
            <ol className="os-tiers">
              {draft.tiers.map((tier, i) => (
                <TierRow
                  key={i}
                  tier={tier}
                  index={i}
                  errors={errors}
                  onChange={(patch) => setTier(i, patch)}
                  onRemove={() => setDraft((d) => ({ ...d, tiers: d.tiers.filter((_, j) => j !== i) }))}
                />
              ))}
            </ol>
            <button type="button" className="button button-secondary" disabled={!canAdd} onClick={addTier}>
              {t('show.addTier')}
            </button>
            {!canAdd ? (
              <p className="muted small">{t('show.maxTiersReached', { max: SHOW_LIMITS.maxTiers })}</p>
            ) : null}
            <Check
              checked={draft.autoAdvance}
              onChange={(checked) => setDraft((d) => ({ ...d, autoAdvance: checked }))}
              label={t('show.autoAdvance')}
            />
            <p className="muted small">{t('show.autoAdvanceHint')}</p>
          </SettingsGroup>

          <SettingsGroup legend={t('show.ttsLegend')}>
            <Check
              checked={draft.tts.enabled}
              onChange={(checked) => setTts({ enabled: checked })}
              label={t('show.ttsEnabled')}
            />
            {TTS_NUMBERS.map(({ key, label, inputMode }) => (
              <NumberField
                key={key}
                path={`tts.${key}`}
                label={t(label)}
                inputMode={inputMode}
                value={draft.tts[key]}
                errors={errors}
                onChange={(value) => setTts({ [key]: value })}
              />
            ))}
            <Check
              checked={draft.tts.hinglishInHindi}
              onChange={(checked) => setTts({ hinglishInHindi: checked })}
              label={t('show.hinglish')}
            />
            <p className="muted small">{t('show.hinglishHint')}</p>
          </SettingsGroup>

          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {t('show.save')}
          </button>
          <FormStatus error={status.error} success={status.success} />
        </form>
      </Card>
      <TierPreview tiers={draft.tiers} />
    </>
  );
}
