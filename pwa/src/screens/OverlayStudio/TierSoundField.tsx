import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import {
  DEFAULT_TIER_VOLUME,
  LIMITS,
  MESSAGES,
  TIER_SOUNDS,
  tierSoundUrl,
  type ShowTier,
} from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { useUploadTierSound } from '../../hooks/useCreatorOverlay.ts';
import { Field } from '../../components/Field.tsx';
import { numberOrNaN } from '../../lib/amount.ts';
import { readAsDataUrl } from '../../lib/readAsDataUrl.ts';
import { localizeText } from '../../i18n/errors.ts';
import { useT } from '../../i18n/i18n.tsx';

/**
 * A tier's own alert sound: the overlay's sound (none of its own), a shipped sound or the creator's upload, its
 * volume, Play (the sound at that volume, in this page) and Upload (MP3 or OGG, checked again by the server).
 */
export function TierSoundField({
  tier,
  idPrefix,
  tierName,
  volumeError,
  onChange,
}: {
  tier: ShowTier;
  /** The tier's field id prefix ("os-tiers-2"). */
  idPrefix: string;
  tierName: string;
  volumeError?: string | undefined;
  onChange(patch: Partial<ShowTier>): void;
}) {
  const { t } = useT();
  const uploadSound = useUploadTierSound();
  const [uploading, setUploading] = useState(false);
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});
  const preview = useRef<HTMLAudioElement | null>(null);
  useEffect(() => () => preview.current?.pause(), []);

  const sound = tier.sound ?? '';
  const volume = tier.volume ?? DEFAULT_TIER_VOLUME;
  const url = sound ? tierSoundUrl(sound) : null;
  const options = [
    { value: '', label: t('show.soundOverlay') },
    ...TIER_SOUNDS.map((id) => ({ value: id, label: t(`show.sound_${id}`) })),
    ...(url && !(TIER_SOUNDS as readonly string[]).includes(sound)
      ? [{ value: sound, label: t('show.soundUploaded') }]
      : []),
  ];

  function play() {
    if (!url) return;
    preview.current?.pause();
    const audio = new Audio(url);
    audio.volume = Math.min(1, Math.max(0, (Number.isFinite(volume) ? volume : DEFAULT_TIER_VOLUME) / 100));
    preview.current = audio;
    audio.play().catch((error: unknown) => console.warn('Tier sound preview could not play', error));
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > LIMITS.tierSoundMaxBytes) return setStatus({ error: MESSAGES.tierSoundSize });
    setStatus({});
    setUploading(true);
    try {
      const audio = await readAsDataUrl(file);
      const stored = await uploadSound.mutateAsync(audio);
      onChange({ sound: stored.sound });
      setStatus({ success: t('show.soundUploadedHint') });
    } catch (error) {
      setStatus({ error: serverMessage(error, t('show.soundUploadFailed')) });
    } finally {
      setUploading(false);
    }
  }

  const selectId = `${idPrefix}-sound`;
  const volumeId = `${idPrefix}-volume`;
  const uploadId = `${idPrefix}-upload`;
  const statusId = `${idPrefix}-sound-status`;
  return (
    <div className="os-tier-sound">
      <Field id={selectId} label={t('show.sound')} className="os-field">
        <div className="os-color-row">
          <select
            id={selectId}
            value={sound}
            onChange={(e) => onChange({ sound: e.target.value || undefined })}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button-ghost button-small"
            aria-label={t('show.playSoundN', { tier: tierName })}
            disabled={!url}
            onClick={play}
          >
            {t('show.playSound')}
          </button>
        </div>
      </Field>
      <Field id={volumeId} label={t('show.soundVolume')} error={volumeError} className="os-field">
        <input
          id={volumeId}
          inputMode="numeric"
          value={Number.isFinite(volume) ? String(volume) : ''}
          disabled={!url}
          onChange={(e) => onChange({ volume: numberOrNaN(e.target.value) })}
          {...(volumeError ? { 'aria-invalid': true, 'aria-describedby': `${volumeId}-error` } : {})}
        />
      </Field>
      <div className="field os-field">
        <label htmlFor={uploadId}>{t('show.uploadSound')}</label>
        <input
          id={uploadId}
          type="file"
          accept=".mp3,.ogg,audio/mpeg,audio/ogg"
          aria-label={t('show.uploadSoundN', { tier: tierName })}
          aria-describedby={statusId}
          disabled={uploading}
          onChange={(e) => void upload(e)}
        />
        <p
          id={statusId}
          className={status.error ? 'form-status form-status-error small' : 'muted small'}
          role="status"
          aria-live="polite"
        >
          {uploading ? t('show.soundUploading') : localizeText(status.error ?? status.success ?? '')}
        </p>
      </div>
    </div>
  );
}
