import { useState } from 'react';
import { MESSAGES, SAFETY_MESSAGES } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import type { ActionOutcome, LaterOutcome, useChats } from '../../hooks/useChats.ts';
import { useBlockTipSender } from '../../hooks/useSafetyFlags.ts';
import { copyText } from '../../lib/clipboard.ts';
import { formatAmount, type ChatView } from '../../lib/chatQueue.ts';
import { useT } from '../../i18n/i18n.tsx';
import type { ChatRowActions } from './ChatTable.tsx';
import type { Toast } from './useToast.ts';

export interface ChatLinks {
  guest: string;
  overlay: string;
}

/**
 * What the Chat Loader does to a chat (push live, copy, block the sender, delete) or a link (copy), each ending in
 * its toast. `busyId` is the row being worked on (its buttons are disabled meanwhile).
 */
export function useChatActions({
  chats,
  links,
  show,
}: {
  chats: Pick<ReturnType<typeof useChats>, 'pushLive' | 'deleteChat'>;
  links: ChatLinks | null;
  show(kind: Toast['kind'], text: string): void;
}) {
  const { t } = useT();
  const blockSender = useBlockTipSender();
  const [busyId, setBusyId] = useState<string | null>(null);

  /** Toast for an outbox action: success when sent, the explanation when refused, a queued note offline. */
  function report(outcome: ActionOutcome | LaterOutcome, success: string) {
    if (outcome.status === 'sent') show('success', success);
    else if (outcome.status === 'refused') show('error', outcome.message);
    else show('info', t('sync.queued'));
  }

  /** Runs a row action with the row marked busy; a thrown error becomes the error toast. */
  async function busyWhile(chat: ChatView, run: () => Promise<void>, failed: (error: unknown) => string) {
    setBusyId(chat.id);
    try {
      await run();
    } catch (error) {
      show('error', failed(error));
    } finally {
      setBusyId(null);
    }
  }

  /** An outbox action on a row: its toast now, or later when it was queued offline. */
  function outboxAction(
    chat: ChatView,
    act: typeof chats.pushLive,
    texts: { success: string; failed: string },
  ) {
    return busyWhile(
      chat,
      async () =>
        report(await act(chat.id, { onLater: (later) => report(later, texts.success) }), texts.success),
      (error) => serverMessage(error, texts.failed),
    );
  }

  async function copyAndSay(text: string, success: string) {
    const result = await copyText(text);
    if (result.ok) show('success', success);
    else show('error', result.message);
  }

  const rowActions: ChatRowActions = {
    pushLive: (chat) =>
      void outboxAction(chat, chats.pushLive, {
        success: MESSAGES.pushedLive,
        failed: MESSAGES.pushLiveFailed,
      }),
    copyMessage: (chat) =>
      void copyAndSay(
        chat.message || t('chat.copySent', { name: chat.name, amount: formatAmount(chat.amount) }),
        MESSAGES.superchatCopied,
      ),
    blockSender: (chat) => {
      if (!window.confirm(t('chat.confirmBlock', { name: chat.name }))) return;
      void busyWhile(
        chat,
        async () => {
          const result = await blockSender.mutateAsync(chat.id);
          show('success', result.message || SAFETY_MESSAGES.senderBlocked);
        },
        (error) => serverMessage(error, t('chat.blockFailed')),
      );
    },
    deleteChat: (chat) => {
      if (!window.confirm(t('chat.confirmDelete'))) return;
      void outboxAction(chat, chats.deleteChat, {
        success: MESSAGES.chatDeleted,
        failed: MESSAGES.chatDeleteFailed,
      });
    },
  };

  const copyLink = (kind: 'guest' | 'overlay') => {
    if (!links) return;
    void copyAndSay(
      kind === 'guest' ? links.guest : links.overlay,
      kind === 'guest' ? MESSAGES.guestLinkCopied : MESSAGES.overlayLinkCopied,
    );
  };

  return { busyId, rowActions, copyLink };
}
