import { formatAmount, timeOfDay } from '../../lib/chatQueue.ts';
import { serverMessage } from '../../api/client.ts';
import { useStream, useStreamAction } from '../../hooks/useStream.ts';

export const STREAM_TEXT = {
  title: 'This stream',
  start: 'Start stream',
  end: 'End stream',
  starting: 'Starting...',
  ending: 'Ending...',
  notStarted: 'No stream running. Press Start stream when you go live: totals and the goal count from then.',
  liveSince: (time: string) => `Live since ${time}`,
  endedAt: (time: string) => `Stream ended at ${time}. The goal resets when you start the next one.`,
  loading: 'Loading stream totals...',
  loadFailed: 'Unable to load this stream’s totals.',
  retry: 'Try again',
  actionFailed: 'Unable to update the stream. Please try again.',
} as const;

/**
 * Issue 14: "Start stream" / "End stream" and the totals of this stream (amount, count, top tip), inside the
 * Chat Loader's Queue snapshot. Live across devices: stream:update and new tips refetch the totals.
 */
export function StreamSession() {
  const stream = useStream();
  const action = useStreamAction();
  const session = stream.data?.session ?? null;
  const live = session !== null && session.endedAt === null;
  const totals = stream.data?.totals;

  let status: string;
  if (!session) status = STREAM_TEXT.notStarted;
  else if (live) status = STREAM_TEXT.liveSince(timeOfDay(session.startedAt));
  else status = STREAM_TEXT.endedAt(timeOfDay(session.endedAt ?? session.startedAt));

  return (
    <div className="cl-stream-session" aria-labelledby="cl-stream-session-title">
      <div className="cl-stream-head">
        <h3 className="cl-stream-title" id="cl-stream-session-title">
          {STREAM_TEXT.title}
          {live ? <span className="cl-live-dot">LIVE</span> : null}
        </h3>
        <button
          type="button"
          className={`button button-small cl-button ${live ? 'button-secondary' : 'button-primary'}`}
          disabled={!stream.data || action.isPending}
          onClick={() => action.mutate(live ? 'end' : 'start')}
        >
          {action.isPending
            ? live
              ? STREAM_TEXT.ending
              : STREAM_TEXT.starting
            : live
              ? STREAM_TEXT.end
              : STREAM_TEXT.start}
        </button>
      </div>
      {stream.isPending ? (
        <p className="muted small">{STREAM_TEXT.loading}</p>
      ) : stream.isError ? (
        <p className="form-status form-status-error" role="alert">
          {STREAM_TEXT.loadFailed}{' '}
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => void stream.refetch()}
          >
            {STREAM_TEXT.retry}
          </button>
        </p>
      ) : (
        <>
          <p className="muted small" data-testid="stream-status">
            {status}
          </p>
          <dl className="cl-stats">
            <div>
              <dt>Stream total</dt>
              <dd data-testid="stat-stream-total">{session ? formatAmount(totals?.amount ?? 0) : '—'}</dd>
            </div>
            <div>
              <dt>Superchats this stream</dt>
              <dd data-testid="stat-stream-count">{session ? (totals?.count ?? 0) : '—'}</dd>
            </div>
            <div>
              <dt>Top tip this stream</dt>
              <dd data-testid="stat-stream-top">
                {totals?.topTip ? `${formatAmount(totals.topTip.amount)} · ${totals.topTip.name}` : '—'}
              </dd>
            </div>
          </dl>
        </>
      )}
      {action.isError ? (
        <p className="form-status form-status-error" role="alert">
          {serverMessage(action.error, STREAM_TEXT.actionFailed)}
        </p>
      ) : null}
    </div>
  );
}
