import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
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
import { FormStatus } from '../../components/FormStatus.tsx';
import { useSaveOverlaySettings } from '../../hooks/useCreatorOverlay.ts';
import { useT } from '../../i18n/i18n.tsx';
import { TierPreview } from './TierPreview.tsx';

type Errors = Record<string, string>;

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

const num = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));
const shown = (n: number) => (Number.isFinite(n) ? String(n) : '');

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field os-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="form-status form-status-error os-field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
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

  const aria = (path: string) =>
    errors[path]
      ? { 'aria-invalid': true as const, 'aria-describedby': `os-${path.replace(/\./g, '-')}-error` }
      : {};

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
          <fieldset className="os-fieldset">
            <legend>{t('show.tiersLegend')}</legend>
            <ol className="os-tiers">
              {draft.tiers.map((tier, i) => {
                const id = (field: string) => `os-tiers-${i}-${field}`;
                return (
                  <li key={i} className="os-tier" data-testid="tier-row">
                    <span className="os-tier-title">
                      {i === 0 ? t('show.baseTier') : t('show.tierN', { n: i })}
                    </span>
                    {i > 0 ? (
                      <Field
                        id={id('minAmount')}
                        label={t('show.minAmount')}
                        error={errors[`tiers.${i}.minAmount`]}
                      >
                        <input
                          id={id('minAmount')}
                          inputMode="decimal"
                          value={shown(tier.minAmount)}
                          onChange={(e) => setTier(i, { minAmount: num(e.target.value) })}
                          {...aria(`tiers.${i}.minAmount`)}
                        />
                      </Field>
                    ) : null}
                    <Field id={id('color')} label={t('show.color')} error={errors[`tiers.${i}.color`]}>
                      <div className="os-color-row">
                        <input
                          id={id('color')}
                          type="color"
                          value={/^#[0-9a-f]{6}$/i.test(tier.color) ? tier.color : '#000000'}
                          onChange={(e) => setTier(i, { color: e.target.value })}
                        />
                        <input
                          aria-label={t('show.colorHex', {
                            tier: i === 0 ? t('show.baseTier') : t('show.tierN', { n: i }),
                          })}
                          className="os-hex"
                          maxLength={7}
                          value={tier.color}
                          onChange={(e) => setTier(i, { color: e.target.value.trim() })}
                          {...aria(`tiers.${i}.color`)}
                        />
                      </div>
                    </Field>
                    <Field id={id('seconds')} label={t('show.seconds')} error={errors[`tiers.${i}.seconds`]}>
                      <input
                        id={id('seconds')}
                        inputMode="numeric"
                        value={shown(tier.seconds)}
                        onChange={(e) => setTier(i, { seconds: num(e.target.value) })}
                        {...aria(`tiers.${i}.seconds`)}
                      />
                    </Field>
                    {i > 0 ? (
                      <button
                        type="button"
                        className="button button-ghost button-small"
                        aria-label={t('show.removeTierN', { n: i })}
                        onClick={() => setDraft((d) => ({ ...d, tiers: d.tiers.filter((_, j) => j !== i) }))}
                      >
                        {t('show.removeTier')}
                      </button>
                    ) : null}
                  </li>
                );
              })}
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
          </fieldset>

          <fieldset className="os-fieldset">
            <legend>{t('show.ttsLegend')}</legend>
            <Check
              checked={draft.tts.enabled}
              onChange={(checked) => setTts({ enabled: checked })}
              label={t('show.ttsEnabled')}
            />
            <Field id="os-tts-minAmount" label={t('show.ttsMinAmount')} error={errors['tts.minAmount']}>
              <input
                id="os-tts-minAmount"
                inputMode="decimal"
                value={shown(draft.tts.minAmount)}
                onChange={(e) => setTts({ minAmount: num(e.target.value) })}
                {...aria('tts.minAmount')}
              />
            </Field>
            <Field id="os-tts-maxChars" label={t('show.ttsMaxChars')} error={errors['tts.maxChars']}>
              <input
                id="os-tts-maxChars"
                inputMode="numeric"
                value={shown(draft.tts.maxChars)}
                onChange={(e) => setTts({ maxChars: num(e.target.value) })}
                {...aria('tts.maxChars')}
              />
            </Field>
            <Field id="os-tts-volume" label={t('show.ttsVolume')} error={errors['tts.volume']}>
              <input
                id="os-tts-volume"
                inputMode="numeric"
                value={shown(draft.tts.volume)}
                onChange={(e) => setTts({ volume: num(e.target.value) })}
                {...aria('tts.volume')}
              />
            </Field>
            <Check
              checked={draft.tts.hinglishInHindi}
              onChange={(checked) => setTts({ hinglishInHindi: checked })}
              label={t('show.hinglish')}
            />
            <p className="muted small">{t('show.hinglishHint')}</p>
          </fieldset>

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
