import { Link } from 'react-router-dom';
import {
  formatAmount,
  initialOf,
  relativeTime,
  type ChatSort,
  type ChatView,
  type queueSnapshot,
} from '../../lib/chatQueue.ts';
import { CHAT_TEXT, showingLine } from './chatText.ts';
import { StreamSession } from './StreamSession.tsx';

// The Chat Loader's cards above the list (SPEC §2), one component each.

export function NextInQueueCard({
  next,
  now,
  busy,
  onPushLive,
  onCopy,
  onLocate,
}: {
  next: ChatView | null;
  now: Date;
  busy: boolean;
  onPushLive(chat: ChatView): void;
  onCopy(chat: ChatView): void;
  onLocate(chat: ChatView): void;
}) {
  return (
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
              disabled={busy}
              onClick={() => onPushLive(next)}
            >
              Show on live
            </button>
            <button type="button" className="button button-secondary cl-button" onClick={() => onCopy(next)}>
              Copy message
            </button>
            <button type="button" className="button button-ghost cl-button" onClick={() => onLocate(next)}>
              Locate in list
            </button>
          </div>
        </div>
      ) : (
        <p className="muted">{CHAT_TEXT.emptyQueue}</p>
      )}
    </section>
  );
}

export function SnapshotCard({ snapshot, now }: { snapshot: ReturnType<typeof queueSnapshot>; now: Date }) {
  return (
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
  );
}

export function StreamSearchCard({
  searchInput,
  onSearch,
  sort,
  onSort,
  count,
}: {
  searchInput: string;
  onSearch(value: string): void;
  sort: ChatSort;
  onSort(sort: ChatSort): void;
  count: number;
}) {
  const sortButton = (value: ChatSort, label: string) => (
    <button
      type="button"
      className={`button button-small cl-button ${sort === value ? 'button-primary' : 'button-secondary'}`}
      aria-pressed={sort === value}
      onClick={() => onSort(value)}
    >
      {label}
    </button>
  );
  return (
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
        onChange={(event) => onSearch(event.target.value)}
        autoComplete="off"
      />
      <div className="cl-sort" role="group" aria-label="Sort chats">
        {sortButton('updated', 'Latest')}
        {sortButton('amount', 'Highest amount')}
      </div>
      <p className="muted small" data-testid="showing-line">
        {showingLine(count)}
      </p>
    </section>
  );
}

export function QuickToolsCard({
  links,
  onCopyLink,
}: {
  links: { guest: string; overlay: string } | null;
  onCopyLink(kind: 'guest' | 'overlay'): void;
}) {
  return (
    <section className="card cl-card" aria-labelledby="cl-tools-title">
      <h2 className="card-title" id="cl-tools-title">
        Quick tools
      </h2>
      <div className="cl-tools">
        <button
          type="button"
          className="button button-secondary cl-button"
          disabled={!links}
          onClick={() => onCopyLink('guest')}
        >
          Copy guest tip link
        </button>
        <button
          type="button"
          className="button button-secondary cl-button"
          disabled={!links}
          onClick={() => onCopyLink('overlay')}
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
  );
}
