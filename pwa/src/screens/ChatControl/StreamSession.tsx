import { DetailList } from '../../components/DetailList.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { errorText } from '../../i18n/errors.ts';
import { dateTime, rupees } from '../../i18n/format.ts';
import { useStream, useStreamAction } from '../../hooks/useStream.ts';

/**
 * "Start stream" / "End stream" and the totals of this stream (amount, count, top tip), inside the
 * Chat Loader's Queue snapshot. Live across devices: stream:update and new tips refetch the totals.
 */
export function StreamSession() {
  const { t } = useT();
  const stream = useStream();
  const action = useStreamAction();
  const session = stream.data?.session ?? null;
  const live = session !== null && session.endedAt === null;
  const totals = stream.data?.totals;

  let status: string;
  if (!session) status = t('streamSession.notStarted');
  else if (live) status = t('streamSession.liveSince', { time: dateTime(session.startedAt, 'time') });
  else status = t('streamSession.endedAt', { time: dateTime(session.endedAt ?? session.startedAt, 'time') });

  let label = live ? t('streamSession.end') : t('streamSession.start');
  if (action.isPending) label = live ? t('streamSession.ending') : t('streamSession.starting');

  return (
    <div className="cl-stream-session" aria-labelledby="cl-stream-session-title">
      <div className="cl-stream-head">
        <h3 className="cl-stream-title" id="cl-stream-session-title">
          {t('streamSession.title')}
          {live ? <span className="cl-live-dot">{t('streamSession.live')}</span> : null}
        </h3>
        <button
          type="button"
          className={`button button-small cl-button ${live ? 'button-secondary' : 'button-primary'}`}
          disabled={!stream.data || action.isPending}
          onClick={() => action.mutate(live ? 'end' : 'start')}
        >
          {label}
        </button>
      </div>
      {stream.isPending ? (
        <p className="muted small">{t('streamSession.loading')}</p>
      ) : stream.isError ? (
        <p className="form-status form-status-error" role="alert">
          {t('streamSession.loadFailed')}{' '}
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => void stream.refetch()}
          >
            {t('streamSession.retry')}
          </button>
        </p>
      ) : (
        <>
          <p className="muted small" data-testid="stream-status">
            {status}
          </p>
          <DetailList
            className="cl-stats"
            items={[
              {
                term: t('streamSession.total'),
                value: session ? rupees(totals?.amount ?? 0) : '—',
                testId: 'stat-stream-total',
              },
              {
                term: t('streamSession.count'),
                value: session ? (totals?.count ?? 0) : '—',
                testId: 'stat-stream-count',
              },
              {
                term: t('streamSession.top'),
                value: totals?.topTip ? `${rupees(totals.topTip.amount)} · ${totals.topTip.name}` : '—',
                testId: 'stat-stream-top',
              },
            ]}
          />
        </>
      )}
      {action.isError ? (
        <p className="form-status form-status-error" role="alert">
          {errorText(action.error, 'streamSession.actionFailed')}
        </p>
      ) : null}
    </div>
  );
}
