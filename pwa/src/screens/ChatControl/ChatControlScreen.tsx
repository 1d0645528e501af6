import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LIMITS, MESSAGES, SAFETY_MESSAGES } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { useChats, type ActionOutcome, type LaterOutcome } from '../../hooks/useChats.ts';
import { QUEUED_TEXT } from '../../sync/outboxOutcome.ts';
import { useBlockTipSender, useSafetyFlags } from '../../hooks/useSafetyFlags.ts';
import { guestLink, overlayLink, useCreatorOverlay } from '../../hooks/useCreatorOverlay.ts';
import { copyText } from '../../lib/clipboard.ts';
import { useToast } from './useToast.ts';
import { StreamSession } from './StreamSession.tsx';
import {
  filterChats,
  formatAmount,
  groupChatsByDay,
  initialOf,
  nextInQueue,
  queueSnapshot,
  relativeTime,
  rowTime,
  sortChats,
  timeOfDay,
  type ChatSort,
  type ChatView,
} from '../../lib/chatQueue.ts';
import './chatControl.css';

export const SEARCH_DEBOUNCE_MS = LIMITS.chatSearchDebounceMs;
export const HIGHLIGHT_MS = LIMITS.highlightMs;
/** Relative times ("3 minutes ago") refresh this often. */
const CLOCK_TICK_MS = 30_000;

export const CHAT_TEXT = {
  title: 'Chat Loader',
  emptyQueue: 'No queued chats right now. Share the guest link to keep the hype rolling.',
  noMessageAttached: 'No message attached',
  noMessageProvided: 'No message provided',
  loading: 'Loading chats...',
  empty: 'No chats match your filters.',
  confirmDelete: 'Delete this chat permanently? This cannot be undone.',
  autoClear: 'Older than 24h auto-clear',
  searchPlaceholder: 'Search by name or message',
  overlayConnected: 'Overlay connected',
  overlayOffline: 'Overlay offline',
  pending: 'Pending sync',
  flagged: 'Flagged by your filters',
  flaggedAria: ': your blocked words would now stop this message.',
  blockSender: 'Block sender',
  confirmBlock: (name: string) =>
    `Block ${name}? They will not be able to send you superchats until you unblock them in Stream safety.`,
  blockFailed: 'Unable to block this sender. Please try again.',
} as const;

/** "Showing N chat(s) (live + queued)". */
export function showingLine(count: number): string {
  return `Showing ${count} chat(s) (live + queued)`;
}

function ChatAvatar({ chat, size = 44 }: { chat: ChatView; size?: number }) {
  return chat.profilePic ? (
    <img className="avatar" src={chat.profilePic} alt="" width={size} height={size} />
  ) : (
    <span className="avatar avatar-initial" style={{ width: size, height: size }} aria-hidden="true">
      {initialOf(chat.name)}
    </span>
  );
}

/** /creator/chat-control (SPEC §2 Chat Loader): queue, snapshot, search, quick tools and the live list. */
export function ChatControlScreen() {
  const { chats, isLoading, isError, walletTipIds, overlayConnected, realtime, pushLive, deleteChat } =
    useChats();
  const queuedIds = useMemo(() => chats.filter((c) => c.status === 'unread').map((c) => c.id), [chats]);
  const flaggedIds = useSafetyFlags(queuedIds);
  const blockSender = useBlockTipSender();
  const overlay = useCreatorOverlay();
  const { toast, show } = useToast();
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ChatSort>('updated');
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const [locateId, setLocateId] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [now, setNow] = useState(() => new Date());
  const highlightTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(
    () => () => {
      if (highlightTimer.current) clearTimeout(highlightTimer.current);
    },
    [],
  );

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
    setHighlightId(locateId);
    if (highlightTimer.current) clearTimeout(highlightTimer.current);
    highlightTimer.current = setTimeout(() => {
      highlightTimer.current = null;
      setHighlightId(null);
    }, HIGHLIGHT_MS);
  }, [locateId, groups]);

  const links = overlay.data
    ? {
        guest: guestLink(window.location.origin, overlay.data.handle),
        overlay: overlayLink(window.location.origin, overlay.data.overlayKey),
      }
    : null;

  function handleLocate(chat: ChatView) {
    if (!visible.some((c) => c.id === chat.id)) {
      setSearchInput('');
      setSearch('');
    }
    setLocateId(chat.id);
  }

  /** Toast for an outbox action: success when sent, the explanation when refused, a queued note offline. */
  function report(outcome: ActionOutcome | LaterOutcome, success: string) {
    if (outcome.status === 'sent') show('success', success);
    else if (outcome.status === 'refused') show('error', outcome.message);
    else show('info', QUEUED_TEXT);
  }

  async function handlePushLive(chat: ChatView) {
    setBusyId(chat.id);
    try {
      const outcome = await pushLive(chat.id, {
        onLater: (later) => report(later, MESSAGES.pushedLive),
      });
      report(outcome, MESSAGES.pushedLive);
    } catch (error) {
      show('error', serverMessage(error, MESSAGES.pushLiveFailed));
    } finally {
      setBusyId(null);
    }
  }

  async function handleCopyMessage(chat: ChatView) {
    const text = chat.message || `${chat.name} sent ${formatAmount(chat.amount)}`;
    const result = await copyText(text);
    if (result.ok) show('success', MESSAGES.superchatCopied);
    else show('error', result.message);
  }

  async function handleDelete(chat: ChatView) {
    if (!window.confirm(CHAT_TEXT.confirmDelete)) return;
    setBusyId(chat.id);
    try {
      const outcome = await deleteChat(chat.id, {
        onLater: (later) => report(later, MESSAGES.chatDeleted),
      });
      report(outcome, MESSAGES.chatDeleted);
    } catch (error) {
      show('error', serverMessage(error, MESSAGES.chatDeleteFailed));
    } finally {
      setBusyId(null);
    }
  }

  async function handleBlockSender(chat: ChatView) {
    if (!window.confirm(CHAT_TEXT.confirmBlock(chat.name))) return;
    setBusyId(chat.id);
    try {
      const result = await blockSender.mutateAsync(chat.id);
      show('success', result.message || SAFETY_MESSAGES.senderBlocked);
    } catch (error) {
      show('error', serverMessage(error, CHAT_TEXT.blockFailed));
    } finally {
      setBusyId(null);
    }
  }

  async function handleCopyLink(kind: 'guest' | 'overlay') {
    if (!links) return;
    const result = await copyText(kind === 'guest' ? links.guest : links.overlay);
    if (result.ok) show('success', kind === 'guest' ? MESSAGES.guestLinkCopied : MESSAGES.overlayLinkCopied);
    else show('error', result.message);
  }

  const errorText = toast?.kind === 'error' ? toast.text : isError ? MESSAGES.chatsLoadFailed : null;
  const infoText = toast?.kind === 'success' ? toast.text : null;
  const queuedText = toast?.kind === 'info' ? toast.text : null;

  return (
    <div className="page container chat-loader">
      <header className="cl-header">
        <h1 className="page-title">{CHAT_TEXT.title}</h1>
        <p
          className={`cl-presence ${overlayConnected ? 'is-on' : 'is-off'}`}
          role="status"
          aria-live="polite"
          data-testid="overlay-presence"
        >
          <span className="cl-dot" aria-hidden="true" />
          {overlayConnected ? CHAT_TEXT.overlayConnected : CHAT_TEXT.overlayOffline}
        </p>
      </header>
      {realtime !== 'connected' && !isLoading ? (
        <p className="muted small cl-realtime">Reconnecting to live updates…</p>
      ) : null}

      <div className="cl-cards">
        <section className="card cl-card cl-next" aria-labelledby="cl-next-title">
          <h2 className="card-title" id="cl-next-title">
            Next in queue
          </h2>
          {next ? (
            <div className="cl-next-body" data-testid="next-in-queue">
              <div className="cl-next-head">
                <span className="avatar avatar-initial cl-next-avatar" aria-hidden="true">
                  {initialOf(next.name)}
                </span>
                <div className="cl-next-who">
                  <strong className="cl-name">{next.name}</strong>
                  <span className="muted small">{relativeTime(next.createdAt, now)}</span>
                </div>
                <strong className="cl-amount">{formatAmount(next.amount)}</strong>
              </div>
              <p className={next.message ? 'cl-message' : 'cl-message muted'}>
                {next.message || CHAT_TEXT.noMessageAttached}
              </p>
              <div className="cl-actions">
                <button
                  type="button"
                  className="button button-primary cl-button"
                  disabled={busyId === next.id}
                  onClick={() => void handlePushLive(next)}
                >
                  Show on live
                </button>
                <button
                  type="button"
                  className="button button-secondary cl-button"
                  onClick={() => void handleCopyMessage(next)}
                >
                  Copy message
                </button>
                <button
                  type="button"
                  className="button button-ghost cl-button"
                  onClick={() => handleLocate(next)}
                >
                  Locate in list
                </button>
              </div>
            </div>
          ) : (
            <p className="muted">{CHAT_TEXT.emptyQueue}</p>
          )}
        </section>

        <section className="card cl-card" aria-labelledby="cl-snapshot-title">
          <h2 className="card-title" id="cl-snapshot-title">
            Queue snapshot
          </h2>
          <dl className="cl-stats">
            <div>
              <dt>Queued fans</dt>
              <dd data-testid="stat-queued">{snapshot.queued}</dd>
            </div>
            <div>
              <dt>Live on screen</dt>
              <dd data-testid="stat-live">{snapshot.live}</dd>
            </div>
            <div>
              <dt>Value in queue</dt>
              <dd data-testid="stat-value">{formatAmount(snapshot.valueInQueue)}</dd>
            </div>
            <div>
              <dt>Last message pushed</dt>
              <dd data-testid="stat-last-pushed">
                {snapshot.lastPushedAt ? relativeTime(snapshot.lastPushedAt, now) : '—'}
              </dd>
            </div>
          </dl>
          <p className="muted small">{CHAT_TEXT.autoClear}</p>
          <StreamSession />
        </section>

        <section className="card cl-card" aria-labelledby="cl-stream-title">
          <h2 className="card-title" id="cl-stream-title">
            Superchat stream
          </h2>
          <label className="cl-sr-only" htmlFor="cl-search">
            Search chats
          </label>
          <input
            id="cl-search"
            className="cl-input"
            type="search"
            placeholder={CHAT_TEXT.searchPlaceholder}
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
            autoComplete="off"
          />
          <div className="cl-sort" role="group" aria-label="Sort chats">
            <button
              type="button"
              className={`button button-small cl-button ${sort === 'updated' ? 'button-primary' : 'button-secondary'}`}
              aria-pressed={sort === 'updated'}
              onClick={() => setSort('updated')}
            >
              Latest
            </button>
            <button
              type="button"
              className={`button button-small cl-button ${sort === 'amount' ? 'button-primary' : 'button-secondary'}`}
              aria-pressed={sort === 'amount'}
              onClick={() => setSort('amount')}
            >
              Highest amount
            </button>
          </div>
          <p className="muted small" data-testid="showing-line">
            {showingLine(visible.length)}
          </p>
        </section>

        <section className="card cl-card" aria-labelledby="cl-tools-title">
          <h2 className="card-title" id="cl-tools-title">
            Quick tools
          </h2>
          <div className="cl-tools">
            <button
              type="button"
              className="button button-secondary cl-button"
              disabled={!links}
              onClick={() => void handleCopyLink('guest')}
            >
              Copy guest tip link
            </button>
            <button
              type="button"
              className="button button-secondary cl-button"
              disabled={!links}
              onClick={() => void handleCopyLink('overlay')}
            >
              Copy overlay link
            </button>
            {links ? (
              <a
                className="button button-secondary cl-button"
                href={links.guest}
                target="_blank"
                rel="noopener noreferrer"
              >
                Open guest page
              </a>
            ) : (
              <span className="button button-secondary cl-button" aria-disabled="true">
                Open guest page
              </span>
            )}
          </div>
          <p className="muted small">
            Need a record? Export your tips as CSV from the <Link to="/creator">creator dashboard</Link>.
          </p>
        </section>
      </div>

      <div className="cl-banners">
        {errorText ? (
          <p className="cl-banner cl-banner-error" role="alert">
            {errorText}
          </p>
        ) : null}
        {infoText ? (
          <p className="cl-banner cl-banner-info" role="status">
            {infoText}
          </p>
        ) : null}
        {queuedText ? (
          <p className="cl-banner cl-banner-queued" role="status" data-testid="queued-note">
            {queuedText}
          </p>
        ) : null}
      </div>

      <section className="card cl-list-card" aria-label="Chats">
        {isLoading ? (
          <p className="muted">{CHAT_TEXT.loading}</p>
        ) : visible.length === 0 ? (
          <p className="muted">{CHAT_TEXT.empty}</p>
        ) : (
          <table className="cl-table">
            <thead>
              <tr>
                <th scope="col">Viewer</th>
                <th scope="col">Message</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
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
                        {chat.message || CHAT_TEXT.noMessageProvided}
                      </td>
                      <td className="cl-amount">{formatAmount(chat.amount)}</td>
                      <td className="cl-status">
                        <span className={isLive ? 'cl-badge is-live' : 'cl-badge is-waiting'}>
                          {isLive ? 'Live now' : 'Waiting'}
                        </span>
                        {chat.pending ? (
                          <span className="cl-pending-mark" data-testid="pending-mark">
                            {CHAT_TEXT.pending}
                          </span>
                        ) : null}
                        {isFlagged ? (
                          <span className="cl-flag" data-testid="flagged-mark">
                            {CHAT_TEXT.flagged}
                            <span className="cl-sr-only">{CHAT_TEXT.flaggedAria}</span>
                          </span>
                        ) : null}
                        <span className="cl-row-actions">
                          {!isLive ? (
                            <button
                              type="button"
                              className="button button-primary button-small cl-button"
                              disabled={busyId === chat.id}
                              onClick={() => void handlePushLive(chat)}
                            >
                              Show on live
                            </button>
                          ) : null}
                          <button
                            type="button"
                            className="button button-secondary button-small cl-button"
                            onClick={() => void handleCopyMessage(chat)}
                          >
                            Copy message
                          </button>
                          {walletTipIds.has(chat.id) ? (
                            <button
                              type="button"
                              className="button button-ghost button-small cl-button"
                              disabled={busyId === chat.id}
                              onClick={() => void handleBlockSender(chat)}
                            >
                              {CHAT_TEXT.blockSender}
                            </button>
                          ) : null}
                          <button
                            type="button"
                            className="button button-ghost button-small cl-button cl-delete"
                            disabled={busyId === chat.id}
                            onClick={() => void handleDelete(chat)}
                          >
                            Delete
                          </button>
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            ))}
          </table>
        )}
      </section>
    </div>
  );
}
