import { Link } from 'react-router-dom';
import {
  formatAmount,
  initialOf,
  relativeTime,
  type ChatSort,
  type ChatView,
  type queueSnapshot,
} from '../../lib/chatQueue.ts';
import { Card } from '../../components/Card.tsx';
import { DetailList } from '../../components/DetailList.tsx';
import { richText, useT } from '../../i18n/i18n.tsx';
import { ExternalAmount, StickerText } from '../../components/ExternalMark.tsx';
import { StreamSession } from './StreamSession.tsx';

// The Chat Loader's cards above the list, one component each.

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
  const { t } = useT();
  return (
    <Card title={t('chat.next.title')} className="cl-card cl-next">
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
            <strong className="cl-amount">
              {next.external ? <ExternalAmount external={next.external} /> : formatAmount(next.amount)}
            </strong>
          </div>
          <p className={next.message ? 'cl-message' : 'cl-message muted'}>
            <StickerText external={next.external} />
            {next.message || (next.external?.stickerAltText ? null : t('chat.noMessageAttached'))}
          </p>
          <div className="cl-actions">
            <button
              type="button"
              className="button button-primary cl-button"
              disabled={busy}
              onClick={() => onPushLive(next)}
            >
              {t('chat.showOnLive')}
            </button>
            <button type="button" className="button button-secondary cl-button" onClick={() => onCopy(next)}>
              {t('chat.copyMessage')}
            </button>
            <button type="button" className="button button-ghost cl-button" onClick={() => onLocate(next)}>
              {t('chat.locate')}
            </button>
          </div>
        </div>
      ) : (
        <p className="muted">{t('chat.emptyQueue')}</p>
      )}
    </Card>
  );
}

export function SnapshotCard({ snapshot, now }: { snapshot: ReturnType<typeof queueSnapshot>; now: Date }) {
  const { t } = useT();
  return (
    <Card title={t('chat.snapshot.title')} className="cl-card">
      <DetailList
        className="cl-stats"
        items={[
          { term: t('chat.snapshot.queued'), value: snapshot.queued, testId: 'stat-queued' },
          { term: t('chat.snapshot.live'), value: snapshot.live, testId: 'stat-live' },
          {
            term: t('chat.snapshot.value'),
            value: formatAmount(snapshot.valueInQueue),
            testId: 'stat-value',
          },
          {
            term: t('chat.snapshot.lastPushed'),
            value: snapshot.lastPushedAt ? relativeTime(snapshot.lastPushedAt, now) : '—',
            testId: 'stat-last-pushed',
          },
        ]}
      />
      <p className="muted small">{t('chat.autoClear')}</p>
      <StreamSession />
    </Card>
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
  const { t } = useT();
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
    <Card title={t('chat.stream.title')} className="cl-card">
      <label className="sr-only" htmlFor="cl-search">
        {t('chat.stream.search')}
      </label>
      <input
        id="cl-search"
        className="cl-input"
        type="search"
        placeholder={t('chat.searchPlaceholder')}
        value={searchInput}
        onChange={(event) => onSearch(event.target.value)}
        autoComplete="off"
      />
      <div className="cl-sort" role="group" aria-label={t('chat.stream.sort')}>
        {sortButton('updated', t('chat.stream.latest'))}
        {sortButton('amount', t('chat.stream.highest'))}
      </div>
      <p className="muted small" data-testid="showing-line">
        {t('chat.showing', { count })}
      </p>
    </Card>
  );
}

const COPY_LINKS = [
  { kind: 'guest', label: 'chat.tools.copyGuest' },
  { kind: 'overlay', label: 'chat.tools.copyOverlay' },
] as const;

export function QuickToolsCard({
  links,
  onCopyLink,
}: {
  links: { guest: string; overlay: string } | null;
  onCopyLink(kind: 'guest' | 'overlay'): void;
}) {
  const { t } = useT();
  return (
    <Card title={t('chat.tools.title')} className="cl-card">
      <div className="cl-tools">
        {COPY_LINKS.map(({ kind, label }) => (
          <button
            key={kind}
            type="button"
            className="button button-secondary cl-button"
            disabled={!links}
            onClick={() => onCopyLink(kind)}
          >
            {t(label)}
          </button>
        ))}
        {links ? (
          <a
            className="button button-secondary cl-button"
            href={links.guest}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('chat.tools.openGuest')}
          </a>
        ) : (
          <span className="button button-secondary cl-button" aria-disabled="true">
            {t('chat.tools.openGuest')}
          </span>
        )}
      </div>
      <p className="muted small">
        {richText('chat.tools.export', { link: (text) => <Link to="/creator">{text}</Link> })}
      </p>
    </Card>
  );
}
