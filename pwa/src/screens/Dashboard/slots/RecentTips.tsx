import type { Tip } from '@shabaash/shared';
import { SlotCard, SlotList } from './SlotCard.tsx';
import { useRecentTips } from '../../../hooks/useTips.ts';
import './slots.css';
import { useT, translate } from '../../../i18n/i18n.tsx';
import { money, dateTime } from '../../../i18n/format.ts';

function tipName(tip: Tip): string {
  return tip.name || tip.sender?.name || tip.guestName || translate('sender.anonymous');
}

function TipRow({ tip }: { tip: Tip & { pending?: 0 | 1 } }) {
  const name = tipName(tip);
  const pic = tip.sender?.profilePic ?? null;
  const created = new Date(tip.createdAt);
  return (
    <li className="tip-row">
      {pic ? (
        <img className="avatar" src={pic} alt="" width={36} height={36} />
      ) : (
        <span className="avatar avatar-initial" aria-hidden="true">
          {name.charAt(0).toUpperCase() || 'U'}
        </span>
      )}
      <div className="tip-main">
        <p className="tip-head">
          <strong className="tip-name">{name}</strong>
          <span className="tip-amount">{money(tip.amountPaise)}</span>
        </p>
        {tip.pending === 1 ? (
          <p className="tx-pending-mark" data-testid="pending-mark">
            {translate('dashboard.queuedMark')}
          </p>
        ) : null}
        {tip.message ? <p className="tip-message">{tip.message}</p> : null}
        {Number.isNaN(created.getTime()) ? null : (
          <time className="tip-date" dateTime={tip.createdAt}>
            {dateTime(created)}
          </time>
        )}
      </div>
    </li>
  );
}

/** What the list says when it could not load, and when it is empty. */
const TEXTS = ['dashboard.recent.loadFailed', 'msg.noRecentTips'] as const;

/**
 * Dashboard recent tip activity of the referring or default creator, newest first, at most 10, live: from the
 * offline mirror (with this device's queued tips marked), which the realtime bridge keeps up to date.
 */
export function RecentTips() {
  const tips = useRecentTips();
  const { t } = useT();
  return (
    <SlotCard title={t('dashboard.recent.title')} busy={tips.isPending}>
      <div aria-live="polite">
        <SlotList query={tips} texts={TEXTS} className="tip-list">
          {(tip) => <TipRow key={tip.id} tip={tip} />}
        </SlotList>
      </div>
    </SlotCard>
  );
}
