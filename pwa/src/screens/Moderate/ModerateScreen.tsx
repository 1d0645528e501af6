import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIMITS, MESSAGES } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { SelectField } from '../../components/Field.tsx';
import { TextField } from '../../components/TextField.tsx';
import {
  useModeratedChats,
  useModeratorShow,
  useMyModeration,
  type ModeratedChat,
} from '../../hooks/useModeration.ts';
import type { ActionOutcome, LaterOutcome } from '../../hooks/useChats.ts';
import { useT } from '../../i18n/i18n.tsx';
import { errorText } from '../../i18n/errors.ts';
import { useTransient } from '../../hooks/useTransient.ts';
import { ModerationInvites } from '../../components/ModerationCard.tsx';
import { ModeratedChatList } from './ModeratedChatList.tsx';
import './moderate.css';
import { BusyButton } from '../../components/BusyButton.tsx';

/** Test alert, Skip reading, Pause and Resume for the moderated creator's overlays. */
function ModeratorShowCard({
  handle,
  paused,
  onOutcome,
}: {
  handle: string;
  paused: boolean;
  onOutcome(kind: 'success' | 'error', text: string): void;
}) {
  const { t } = useT();
  const { testAlert, skip, setPaused } = useModeratorShow(handle);
  const run = (action: () => Promise<unknown>, success: string, failed: string) => async () => {
    try {
      await action();
      onOutcome('success', success);
    } catch (error) {
      onOutcome('error', serverMessage(error, failed));
    }
  };
  return (
    <Card title={t('show.onStream')} className="mod-tools-card">
      <div className="mod-tools">
        <BusyButton
          busy={skip.isPending}
          onClick={() => void run(() => skip.mutateAsync(), t('show.skipped'), t('show.skipFailed'))()}
        >
          {t('show.skipReading')}
        </BusyButton>
        <BusyButton
          busy={testAlert.isPending}
          onClick={() =>
            void run(() => testAlert.mutateAsync(), t('mods.testAlertSent'), t('show.testAlertFailed'))()
          }
        >
          {t('show.testAlert')}
        </BusyButton>
        <BusyButton
          aria-pressed={paused}
          busy={setPaused.isPending}
          onClick={() =>
            void run(
              () => setPaused.mutateAsync(!paused),
              paused ? t('alerts.resumed') : t('alerts.paused'),
              t('alerts.failed'),
            )()
          }
        >
          {paused ? t('alerts.resume') : t('alerts.pause')}
        </BusyButton>
      </div>
    </Card>
  );
}

/**
 * /moderate?creator=<handle>: the Chat Loader of a creator the signed-in user moderates (queue, search, Show on
 * live, Delete, the show's tools) with a switcher between the creators they moderate. No amount is ever shown:
 * the server sends none to a moderator.
 */
export function ModerateScreen() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const mine = useMyModeration();
  const creators = mine.data?.creators ?? [];
  const asked = params.get('creator');
  const handle = creators.find((c) => c.handle === asked)?.handle ?? creators[0]?.handle ?? null;
  const { query, chats, realtime, pushLive, deleteChat } = useModeratedChats(handle);
  const [toast, setToast] = useTransient<{ kind: 'success' | 'error' | 'info'; text: string }>(
    LIMITS.toastClearMs,
  );
  const show = (kind: 'success' | 'error' | 'info', text: string) => setToast({ kind, text });
  const [search, setSearch] = useState('');
  const [busyId, setBusyId] = useState<string | null>(null);

  useEffect(() => {
    if (handle && asked !== handle) setParams({ creator: handle }, { replace: true });
  }, [handle, asked, setParams]);

  const visible = useMemo(() => {
    const term = search.trim().toLowerCase();
    if (!term) return chats;
    return chats.filter((c) => c.name.toLowerCase().includes(term) || c.message.toLowerCase().includes(term));
  }, [chats, search]);

  function report(outcome: ActionOutcome | LaterOutcome, success: string) {
    if (outcome.status === 'sent') show('success', success);
    else if (outcome.status === 'refused') show('error', outcome.message);
    else show('info', t('sync.queued'));
  }

  async function act(chat: ModeratedChat, action: typeof pushLive, success: string, failed: string) {
    setBusyId(chat.id);
    try {
      report(await action(chat.id, { onLater: (later) => report(later, success) }), success);
    } catch (error) {
      show('error', serverMessage(error, failed));
    } finally {
      setBusyId(null);
    }
  }

  if (mine.isLoading) return <p className="page container muted">{t('chat.loading')}</p>;
  const current = creators.find((c) => c.handle === handle);
  const toastText = toast ? errorText({ message: toast.text }) : null;

  return (
    <div className="page container mod-screen">
      <header className="mod-header">
        <h1 className="page-title">
          {current ? t('mods.moderating', { name: current.name }) : t('mods.title')}
        </h1>
        {creators.length > 1 ? (
          <SelectField
            id="mod-creator"
            label={t('mods.switchCreator')}
            value={handle ?? ''}
            options={creators.map((c) => ({ value: c.handle, label: `${c.name} (@${c.handle})` }))}
            onChange={(value) => setParams({ creator: value })}
          />
        ) : null}
      </header>
      <ModerationInvites />
      {!handle ? (
        <p className="muted">{t('mods.noneYet')}</p>
      ) : (
        <>
          {realtime !== 'connected' && !query.isLoading ? (
            <p className="muted small">{t('chat.reconnecting')}</p>
          ) : null}
          {toastText ? (
            <p
              className={`form-status ${toast?.kind === 'error' ? 'form-status-error' : 'form-status-success'} mod-banner`}
              role={toast?.kind === 'error' ? 'alert' : 'status'}
            >
              {toastText}
            </p>
          ) : null}
          <ModeratorShowCard handle={handle} paused={query.data?.paused ?? false} onOutcome={show} />
          <TextField
            id="mod-search"
            type="search"
            label={t('chat.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {query.isLoading ? (
            <p className="muted">{t('chat.loading')}</p>
          ) : query.isError ? (
            <p className="form-status form-status-error">{t('msg.chatsLoadFailed')}</p>
          ) : visible.length === 0 ? (
            <p className="muted">{t('chat.empty')}</p>
          ) : (
            <ModeratedChatList
              chats={visible}
              busyId={busyId}
              onPushLive={(chat) => void act(chat, pushLive, MESSAGES.pushedLive, MESSAGES.pushLiveFailed)}
              onDelete={(chat) => {
                if (!window.confirm(t('chat.confirmDelete'))) return;
                void act(chat, deleteChat, MESSAGES.chatDeleted, MESSAGES.chatDeleteFailed);
              }}
            />
          )}
        </>
      )}
    </div>
  );
}
