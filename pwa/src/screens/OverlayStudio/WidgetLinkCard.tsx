import { useEffect, useRef, useState } from 'react';
import { LIMITS, widgetLink, type WidgetKind } from '@shabaash/shared';
import { useT } from '../../i18n/i18n.tsx';
import { copyText } from '../../lib/clipboard.ts';

/**
 * One widget's OBS link with a Copy link button and its live preview: the widget itself in a frame, on the same
 * realtime connection OBS would use, so a saved setting or a new tip shows here as it will on stream.
 */
export function WidgetLinkCard({
  kind,
  overlayKey,
  note,
}: {
  kind: WidgetKind;
  overlayKey: string;
  /** Said under the preview (e.g. the widget is off). */
  note?: string | undefined;
}) {
  const { t } = useT();
  const link = widgetLink(window.location.origin, kind, overlayKey);
  const [copied, setCopied] = useState(false);
  const [copyError, setCopyError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function handleCopy() {
    const result = await copyText(link);
    if (!result.ok) return setCopyError(result.message);
    setCopyError(null);
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      setCopied(false);
    }, LIMITS.copyConfirmMs);
  }

  const name = t(`widgetSettings.name.${kind}`);
  return (
    <article className="os-widget" aria-label={name}>
      <h3 className="os-subtitle">{name}</h3>
      <div className="os-link-row">
        <input
          className="os-link"
          readOnly
          value={link}
          aria-label={t('widgetSettings.link', { name })}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="button button-secondary" onClick={() => void handleCopy()}>
          {copied ? t('widgetSettings.copied') : t('widgetSettings.copyLink')}
        </button>
      </div>
      {copyError ? (
        <p className="form-status form-status-error" role="alert">
          {copyError}
        </p>
      ) : null}
      <div className="os-widget-preview">
        <iframe
          title={t('widgetSettings.preview', { name })}
          src={link}
          className="os-frame"
          loading="lazy"
        />
      </div>
      {note ? <p className="muted small">{note}</p> : null}
    </article>
  );
}
