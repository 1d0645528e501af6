import type { ShowTier } from '@shabaash/shared';
import { TableHead } from '../../components/DataTable.tsx';
import { TierChip } from '../../components/TierChip.tsx';
import {
  formatAmount,
  initialOf,
  rowTime,
  timeOfDay,
  type ChatSort,
  type ChatView,
  type groupChatsByDay,
} from '../../lib/chatQueue.ts';
import { tierOfAmount } from '../../lib/tiers.ts';
import { useT } from '../../i18n/i18n.tsx';
import { ReportButton } from '../../components/ReportButton.tsx';
import { ExternalAmount, StickerText } from '../../components/ExternalMark.tsx';
import { OnAirMark } from './AlertReceipts.tsx';

export function ChatAvatar({ chat, size = 44 }: { chat: ChatView; size?: number }) {
  return chat.profilePic ? (
    <img className="avatar" src={chat.profilePic} alt="" width={size} height={size} />
  ) : (
    <span className="avatar avatar-initial" style={{ width: size, height: size }} aria-hidden="true">
      {initialOf(chat.name)}
    </span>
  );
}

/** What a row can do; each returns once its toast is shown. */
export interface ChatRowActions {
  pushLive(chat: ChatView): void;
  copyMessage(chat: ChatView): void;
  blockSender(chat: ChatView): void;
  deleteChat(chat: ChatView): void;
}

/**
 * A row's buttons: Show on live (while queued), Copy message, Block sender (a viewer's account, or a guest by what
 * their payment carried; a YouTube viewer is blocked on YouTube, not here), Delete, and Report (to the operators).
 */
function RowActions({
  chat,
  busy,
  canPush,
  actions,
}: {
  chat: ChatView;
  busy: boolean;
  canPush: boolean;
  actions: ChatRowActions;
}) {
  const { t } = useT();
  const buttons: Array<{ action: keyof ChatRowActions; label: string; className: string; waits: boolean }> = [
    ...(canPush
      ? [
          {
            action: 'pushLive' as const,
            label: t('chat.showOnLive'),
            className: 'button-primary',
            waits: true,
          },
        ]
      : []),
    { action: 'copyMessage', label: t('chat.copyMessage'), className: 'button-secondary', waits: false },
    ...(chat.external
      ? []
      : [
          {
            action: 'blockSender' as const,
            label: t('chat.blockSender'),
            className: 'button-ghost',
            waits: true,
          },
        ]),
    { action: 'deleteChat', label: t('chat.delete'), className: 'button-ghost cl-delete', waits: true },
  ];
  return (
    <span className="cl-row-actions">
      {buttons.map(({ action, label, className, waits }) => (
        <button
          key={action}
          type="button"
          className={`button ${className} button-small cl-button`}
          disabled={waits && busy}
          onClick={() => actions[action](chat)}
        >
          {label}
        </button>
      ))}
      {chat.pending ? null : <ReportButton kind="tip" target={chat.id} />}
    </span>
  );
}

interface ChatTableProps {
  groups: ReturnType<typeof groupChatsByDay>;
  sort: ChatSort;
  tiers: readonly ShowTier[] | undefined;
  flaggedIds: ReadonlySet<string>;
  highlightId: string | null;
  busyId: string | null;
  actions: ChatRowActions;
}

/** The live list grouped by day: viewer, message, amount with its tier, status and the row's actions. */
export function ChatTable({ groups, sort, tiers, flaggedIds, highlightId, busyId, actions }: ChatTableProps) {
  const { t } = useT();
  return (
    <table className="cl-table">
      <TableHead
        headers={[t('chat.col.viewer'), t('chat.col.message'), t('chat.col.amount'), t('chat.col.status')]}
      />
      {groups.map((group) => (
        <tbody key={group.label} className="cl-group">
          <tr className="cl-group-row">
            <th colSpan={4} scope="colgroup">
              {group.label}
            </th>
          </tr>
          {group.chats.map((chat) => {
            const isLive = chat.status === 'read';
            const isFlagged = !isLive && flaggedIds.has(chat.id);
            const busy = busyId === chat.id;
            return (
              <tr
                key={chat.id}
                id={`chat-row-${chat.id}`}
                data-testid="chat-row"
                data-chat-id={chat.id}
                data-pending={chat.pending ? 'true' : undefined}
                data-flagged={isFlagged ? 'true' : undefined}
                className={`cl-row${highlightId === chat.id ? ' is-highlighted' : ''}${chat.pending ? ' is-pending' : ''}`}
              >
                <td className="cl-viewer">
                  <ChatAvatar chat={chat} />
                  <span className="cl-viewer-text">
                    <strong className="cl-name">{chat.name}</strong>
                    <time className="muted small" dateTime={rowTime(chat, sort)}>
                      {timeOfDay(rowTime(chat, sort))}
                    </time>
                  </span>
                </td>
                <td className={chat.message ? 'cl-message' : 'cl-message muted'}>
                  <StickerText external={chat.external} />
                  {chat.message || (chat.external?.stickerAltText ? null : t('chat.noMessageProvided'))}
                </td>
                <td className="cl-amount">
                  {chat.external ? <ExternalAmount external={chat.external} /> : formatAmount(chat.amount)}{' '}
                  <TierChip tier={tierOfAmount(chat.amount, tiers)} />
                  {chat.feesCovered ? (
                    <span className="cl-fees-covered muted small" data-testid="fees-covered">
                      {t('tipDetail.feesCovered')}
                    </span>
                  ) : null}
                </td>
                <td className="cl-status">
                  <span className={isLive ? 'status-badge is-live' : 'status-badge is-waiting'}>
                    {isLive ? t('chat.badge.live') : t('chat.badge.waiting')}
                  </span>
                  <OnAirMark chat={chat} />
                  {chat.statusBy ? (
                    <span className="cl-status-by muted small" data-testid="status-by">
                      {t(isLive ? 'mods.pushedLiveBy' : 'mods.changedBy', { name: chat.statusBy })}
                    </span>
                  ) : null}
                  {chat.pending ? (
                    <span className="cl-pending-mark" data-testid="pending-mark">
                      {t('chat.pending')}
                    </span>
                  ) : null}
                  {isFlagged ? (
                    <span className="cl-flag" data-testid="flagged-mark">
                      {t('chat.flagged')}
                      <span className="sr-only">{t('chat.flaggedAria')}</span>
                    </span>
                  ) : null}
                  <RowActions chat={chat} busy={busy} canPush={!isLive} actions={actions} />
                </td>
              </tr>
            );
          })}
        </tbody>
      ))}
    </table>
  );
}
