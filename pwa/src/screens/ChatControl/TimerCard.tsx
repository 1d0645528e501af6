import { useEffect, useState } from 'react';
import { formatCountdown, timerRemainingMs, type CreatorTimer } from '@shabaash/shared';
import { Card } from '../../components/Card.tsx';
import { useTimer, useTimerAction } from '../../hooks/useTimer.ts';
import { useT } from '../../i18n/i18n.tsx';
import { errorText } from '../../i18n/errors.ts';

/** The time left now, by the server's clock (offset from the answer's serverNow), redrawn every quarter second. */
function useTimeLeft(timer: CreatorTimer | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const running = timer?.run.status === 'running';
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [running]);
  if (!timer) return 0;
  const offset = Date.parse(timer.run.serverNow) - Date.now();
  return timerRemainingMs(timer.run, now + offset);
}

/**
 * The subathon timer in the Chat Loader: its time left and Start / Pause / Resume. The creator sets it up in the
 * Overlay Studio; the widget on stream follows every tap (and every tip that adds time) within a second.
 */
export function TimerCard() {
  const { t } = useT();
  const timer = useTimer();
  const action = useTimerAction();
  const left = useTimeLeft(timer.data);
  const run = timer.data?.run;
  const status = run?.status === 'running' && left <= 0 ? 'ended' : (run?.status ?? 'idle');
  const next = status === 'running' ? 'pause' : status === 'paused' ? 'resume' : 'start';
  const label = {
    start: status === 'ended' ? t('timerCard.restart') : t('timerCard.start'),
    pause: t('timerCard.pause'),
    resume: t('timerCard.resume'),
  }[next];

  return (
    <Card title={t('timerCard.title')} className="cl-card cl-timer">
      {timer.isError ? (
        <p className="muted small" role="status">
          {t('timerCard.loadFailed')}
        </p>
      ) : (
        <>
          <p className="muted small" data-testid="timer-status">
            {t(`timerCard.status.${status}`)}
          </p>
          <p className="cl-timer-left" aria-label={t('timerCard.timeLeft')} data-testid="timer-left">
            {run ? formatCountdown(left) : '—'}
          </p>
          <p className="muted small">
            {t('timerCard.added')}: {formatCountdown((run?.addedSeconds ?? 0) * 1000)}
          </p>
          <div className="cl-tools">
            <button
              type="button"
              className={`button cl-button ${next === 'pause' ? 'button-secondary' : 'button-primary'}`}
              disabled={!run || action.isPending}
              onClick={() => action.mutate(next)}
            >
              {label}
            </button>
          </div>
        </>
      )}
      {action.isError ? (
        <p className="form-status form-status-error" role="alert">
          {errorText(action.error, 'timerCard.actionFailed')}
        </p>
      ) : null}
    </Card>
  );
}
