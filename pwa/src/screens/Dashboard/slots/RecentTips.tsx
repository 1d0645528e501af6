import { useId } from 'react';
import type { Tip } from '@shabaash/shared';
import { errorMessage } from '../../../api/client.ts';
import { useRecentTips } from '../../../hooks/useTips.ts';
import { useDefaultCreatorHandle } from '../../../hooks/referringCreator.ts';
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

/**
 * Dashboard recent tip activity of the referring or default creator, newest first, at most 10: the default
 * creator's from the offline mirror (with this device's queued tips marked), another's from GET /api/tips/recent.
 */
export function RecentTips() {
  const id = useId();
  const creator = useDefaultCreatorHandle();
  const tips = useRecentTips(creator.handle, creator.isResolved);
  const { t } = useT();
  return (
    <section className="card" aria-labelledby={`${id}-title`} aria-busy={tips.isPending}>
      <h2 id={`${id}-title`} className="card-title">
        {t('dashboard.recent.title')}
      </h2>
      <div aria-live="polite">
        {tips.isError && !tips.data ? (
          <p className="form-status form-status-error" role="alert">
            {errorMessage(tips.error, t('dashboard.recent.loadFailed'))}
          </p>
        ) : !tips.data ? (
          <p className="muted">{t('page.loading')}</p>
        ) : tips.data.length === 0 ? (
          <p className="muted empty-text">{t('msg.noRecentTips')}</p>
        ) : (
          <ul className="tip-list">
            {tips.data.map((tip) => (
              <TipRow key={tip.id} tip={tip} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
