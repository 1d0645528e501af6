import type { ModeratedChat } from '../../hooks/useModeration.ts';
import { useT } from '../../i18n/i18n.tsx';
import { timeOfDay } from '../../lib/chatQueue.ts';
import { ExternalBadge, StickerText } from '../../components/ExternalMark.tsx';

/**
 * The moderated creator's queue as cards, thumb-sized for a phone: who, when, the message, its state and who of
 * the team set it, then Show on live and Delete. There is no amount to show: the server never sent one. A YouTube
 * Super Chat or Super Sticker carries its badge (and a sticker its alt text), never an amount either.
 */
export function ModeratedChatList({
  chats,
  busyId,
  onPushLive,
  onDelete,
}: {
  chats: ModeratedChat[];
  busyId: string | null;
  onPushLive(chat: ModeratedChat): void;
  onDelete(chat: ModeratedChat): void;
}) {
  const { t } = useT();
  return (
    <ul className="mod-list" aria-label={t('chat.list')}>
      {chats.map((chat) => {
        const isLive = chat.status === 'read';
        const busy = busyId === chat.id;
        return (
          <li
            key={chat.id}
            className={`card mod-chat${chat.pending ? ' is-pending' : ''}`}
            data-testid="mod-chat"
            data-chat-id={chat.id}
            data-pending={chat.pending ? 'true' : undefined}
          >
            <div className="mod-chat-head">
              <strong>{chat.name}</strong>
              <time className="muted small" dateTime={chat.createdAt}>
                {timeOfDay(chat.createdAt)}
              </time>
              <span className={isLive ? 'status-badge is-live' : 'status-badge is-waiting'}>
                {isLive ? t('chat.badge.live') : t('chat.badge.waiting')}
              </span>
              {chat.external ? (
                <span className="mod-external">
                  <ExternalBadge external={chat.external} />
                </span>
              ) : null}
            </div>
            <p className={chat.message ? 'mod-chat-message' : 'mod-chat-message muted'}>
              <StickerText external={chat.external} />
              {chat.message || (chat.external?.stickerAltText ? null : t('chat.noMessageProvided'))}
            </p>
            {chat.statusBy ? (
              <p className="muted small" data-testid="status-by">
                {t(isLive ? 'mods.pushedLiveBy' : 'mods.changedBy', { name: chat.statusBy })}
              </p>
            ) : null}
            {chat.pending ? (
              <p className="mod-pending muted small" data-testid="pending-mark">
                {t('chat.pending')}
              </p>
            ) : null}
            <div className="mod-chat-actions">
              {isLive ? null : (
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy}
                  aria-label={t('mods.showOnLiveName', { name: chat.name })}
                  onClick={() => onPushLive(chat)}
                >
                  {t('chat.showOnLive')}
                </button>
              )}
              <button
                type="button"
                className="button button-ghost"
                disabled={busy}
                aria-label={t('mods.deleteName', { name: chat.name })}
                onClick={() => onDelete(chat)}
              >
                {t('chat.delete')}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
