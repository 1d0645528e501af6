import { widgetLink, type WidgetKind } from '@shabaash/shared';
import { CopyLinkRow } from '../../components/CopyLinkRow.tsx';
import { useT } from '../../i18n/i18n.tsx';

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
  const name = t(`widgetSettings.name.${kind}`);
  return (
    <article className="os-widget" aria-label={name}>
      <h3 className="os-subtitle">{name}</h3>
      <CopyLinkRow
        link={link}
        fieldLabel={t('widgetSettings.link', { name })}
        copyLabel={t('widgetSettings.copyLink')}
        copiedLabel={t('widgetSettings.copied')}
      />
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
