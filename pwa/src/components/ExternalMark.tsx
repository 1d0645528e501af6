import type { ExternalChat } from '../lib/chatQueue.ts';
import { useT } from '../i18n/i18n.tsx';

/** "YouTube Super Chat" / "YouTube Super Sticker": the mark of a paid event that did not come through Shabaash. */
export function ExternalBadge({ external }: { external: Pick<ExternalChat, 'kind'> }) {
  const { t } = useT();
  return (
    <span className="status-badge is-youtube" data-testid="youtube-badge">
      {t(external.kind === 'superSticker' ? 'youtube.kind.superSticker' : 'youtube.kind.superChat')}
    </span>
  );
}

/** YouTube's own amount ("$5.00", "₹100.00") with its badge: never a rupee figure of Shabaash money. */
export function ExternalAmount({ external }: { external: ExternalChat }) {
  return (
    <>
      <span className="external-amount" data-testid="youtube-amount">
        {external.displayAmount}
      </span>{' '}
      <ExternalBadge external={external} />
    </>
  );
}

/** A Super Sticker's alt text (what the sticker shows, and what the overlay reads aloud); nothing for a Super Chat. */
export function StickerText({
  external,
  className,
}: {
  external?: Pick<ExternalChat, 'stickerAltText'>;
  className?: string;
}) {
  const { t } = useT();
  if (!external?.stickerAltText) return null;
  return (
    <span className={`sticker-text${className ? ` ${className}` : ''}`} data-testid="sticker-alt">
      {t('youtube.sticker', { alt: external.stickerAltText })}
    </span>
  );
}
