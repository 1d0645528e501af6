import { useEffect, useMemo, useState } from 'react';
import { MESSAGES } from '@shabaash/shared';
import { useAuth } from '../../hooks/useAuth.ts';
import { useChats } from '../../hooks/useChats.ts';
import { useSafetyFlags } from '../../hooks/useSafetyFlags.ts';
import { guestLink, overlayLink, useCreatorOverlay } from '../../hooks/useCreatorOverlay.ts';
import { useTransient } from '../../hooks/useTransient.ts';
import { useChatActions, type ChatLinks } from './useChatActions.ts';
import { useToast } from './useToast.ts';
import {
  filterChats,
  groupChatsByDay,
  nextInQueue,
  queueSnapshot,
  sortChats,
  type ChatSort,
  type ChatView,
} from '../../lib/chatQueue.ts';
import { CLOCK_TICK_MS, HIGHLIGHT_MS, SEARCH_DEBOUNCE_MS } from './chatText.ts';
import { NextInQueueCard, QuickToolsCard, SnapshotCard, StreamSearchCard } from './ChatCards.tsx';
import { ChatTable } from './ChatTable.tsx';
import { ShowToolsCard } from './ShowToolsCard.tsx';
import { TimerCard } from './TimerCard.tsx';
import { AlertWarning } from './AlertReceipts.tsx';
import { YouTubeLiveBanner } from './YouTubeLiveBanner.tsx';
import { useAlertsState } from '../../hooks/useShowActions.ts';
import { useT } from '../../i18n/i18n.tsx';
import { errorText, localizeText } from '../../i18n/errors.ts';
import './chatControl.css';

export { HIGHLIGHT_MS, SEARCH_DEBOUNCE_MS } from './chatText.ts';

/**
 * /creator/chat-control (the Chat Loader): the cards (next in queue, snapshot, search, quick tools, the show),
 * the banners and the live list. Each card is its own component; a new card is one more line in `cl-cards`.
 */
export function ChatControlScreen() {
  const { user } = useAuth();
  const chatsState = useChats();
  const { chats, isLoading, isError, overlayConnected, overlays, realtime } = chatsState;
  const alerts = useAlertsState();
  const paused = alerts.data?.paused ?? false;
  const queuedIds = useMemo(() => chats.filter((c) => c.status === 'unread').map((c) => c.id), [chats]);
  const flaggedIds = useSafetyFlags(queuedIds);
  const overlay = useCreatorOverlay();
  const { toast, show } = useToast();
  const { t } = useT();
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ChatSort>('updated');
  const [highlightId, highlight] = useTransient<string>(HIGHLIGHT_MS);
  const [locateId, setLocateId] = useState<string | null>(null);
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const visible = useMemo(() => sortChats(filterChats(chats, search), sort), [chats, search, sort]);
  const groups = useMemo(() => groupChatsByDay(visible, sort, now), [visible, sort, now]);
  const next = useMemo(() => nextInQueue(chats), [chats]);
  const snapshot = useMemo(() => queueSnapshot(chats), [chats]);

  // Locate in list: once the row is rendered (search cleared if it hid the row), scroll to it and highlight 1.5 s.
  useEffect(() => {
    if (!locateId) return;
    const row = document.getElementById(`chat-row-${locateId}`);
    if (!row) return;
    setLocateId(null);
    row.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    highlight(locateId);
  }, [locateId, groups, highlight]);

  const links: ChatLinks | null = overlay.data
    ? {
        guest: guestLink(window.location.origin, overlay.data.handle),
        overlay: overlayLink(window.location.origin, overlay.data.overlayKey),
      }
    : null;
  const { busyId, rowActions, copyLink } = useChatActions({ chats: chatsState, links, show });

  function handleLocate(chat: ChatView) {
    if (!visible.some((c) => c.id === chat.id)) {
      setSearchInput('');
      setSearch('');
    }
    setLocateId(chat.id);
  }

  // A toast is shared English (MESSAGES, a server's answer) or already a catalogue text: shown in the chosen language.
  const toastText = toast ? errorText({ message: toast.text }) : null;
  const failureText = toast?.kind === 'error' ? toastText : isError ? t('msg.chatsLoadFailed') : null;
  const infoText = toast?.kind === 'success' ? toastText : null;
  const queuedText = toast?.kind === 'info' ? toastText : null;

  return (
    <div className="page container chat-loader">
      <header className="cl-header">
        <h1 className="page-title">{t('chat.title')}</h1>
        <p
          className={`cl-presence ${overlayConnected ? 'is-on' : 'is-off'}`}
          role="status"
          aria-live="polite"
          data-testid="overlay-presence"
        >
          <span className="cl-dot" aria-hidden="true" />
          {overlayConnected ? t('chat.overlayConnected') : t('chat.overlayOffline')}
        </p>
      </header>
      {user?.creator?.suspended ? (
        <p className="form-status form-status-error cl-banner" role="alert" data-testid="suspended-note">
          {localizeText(MESSAGES.creatorAccountSuspended)}
        </p>
      ) : null}
      <AlertWarning overlays={overlays} chats={chats} paused={paused} />
      <YouTubeLiveBanner />
      {realtime !== 'connected' && !isLoading ? (
        <p className="muted small cl-realtime">{t('chat.reconnecting')}</p>
      ) : null}

      <div className="cl-cards">
        <NextInQueueCard
          next={next}
          now={now}
          busy={next !== null && busyId === next.id}
          onPushLive={rowActions.pushLive}
          onCopy={rowActions.copyMessage}
          onLocate={handleLocate}
        />
        <SnapshotCard snapshot={snapshot} now={now} />
        <StreamSearchCard
          searchInput={searchInput}
          onSearch={setSearchInput}
          sort={sort}
          onSort={setSort}
          count={visible.length}
        />
        <QuickToolsCard links={links} onCopyLink={copyLink} />
        <ShowToolsCard onOutcome={show} paused={paused} held={alerts.data?.held ?? 0} />
        <TimerCard />
      </div>

      <div className="cl-banners">
        {failureText ? (
          <p className="form-status form-status-error cl-banner" role="alert">
            {failureText}
          </p>
        ) : null}
        {infoText ? (
          <p className="form-status form-status-success cl-banner" role="status">
            {infoText}
          </p>
        ) : null}
        {queuedText ? (
          <p className="cl-banner cl-banner-queued" role="status" data-testid="queued-note">
            {queuedText}
          </p>
        ) : null}
      </div>

      <section className="card cl-list-card" aria-label={t('chat.list')}>
        {isLoading ? (
          <p className="muted">{t('chat.loading')}</p>
        ) : visible.length === 0 ? (
          <p className="muted">{t('chat.empty')}</p>
        ) : (
          <ChatTable
            groups={groups}
            sort={sort}
            tiers={overlay.data?.show?.tiers}
            flaggedIds={flaggedIds}
            highlightId={highlightId}
            busyId={busyId}
            actions={rowActions}
          />
        )}
      </section>
    </div>
  );
}
