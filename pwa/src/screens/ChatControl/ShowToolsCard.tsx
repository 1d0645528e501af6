import { serverMessage } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { TestAlertButton, type ShowOutcome } from '../../components/TestAlertButton.tsx';
import { useReplayAlert, useSetAlertsPaused, useSkipSpeech } from '../../hooks/useShowActions.ts';
import { useT } from '../../i18n/i18n.tsx';
import { BusyButton } from '../../components/BusyButton.tsx';

/**
 * The show on stream: send a test alert, stop the speech on every connected overlay; replay the last
 * alert, pause alerts and resume them (alert receipts; `paused`/`held` are the server's state).
 */
export function ShowToolsCard(props: { onOutcome: ShowOutcome; paused: boolean; held: number }) {
  const { onOutcome, paused, held } = props;
  const { t } = useT();
  const skip = useSkipSpeech();
  const replay = useReplayAlert();
  const setPaused = useSetAlertsPaused();
  async function handleSkip() {
    try {
      await skip.mutateAsync();
      onOutcome('success', t('show.skipped'));
    } catch (error) {
      onOutcome('error', serverMessage(error, t('show.skipFailed')));
    }
  }
  async function handleReplay() {
    try {
      const { tipId } = await replay.mutateAsync();
      onOutcome('success', tipId ? t('alerts.replayed') : t('alerts.replayNone'));
    } catch (error) {
      onOutcome('error', serverMessage(error, t('alerts.failed')));
    }
  }
  async function handlePause() {
    try {
      await setPaused.mutateAsync(!paused);
      onOutcome('success', paused ? t('alerts.resumed') : t('alerts.paused'));
    } catch (error) {
      onOutcome('error', serverMessage(error, t('alerts.failed')));
    }
  }
  return (
    <Card title={t('show.onStream')} hint={t('show.onStreamHint')} className="cl-card">
      <div className="cl-tools">
        <BusyButton className="cl-button" busy={skip.isPending} onClick={() => void handleSkip()}>
          {t('show.skipReading')}
        </BusyButton>
        <TestAlertButton className="button button-secondary cl-button" onOutcome={onOutcome} />
        <BusyButton className="cl-button" busy={replay.isPending} onClick={() => void handleReplay()}>
          {t('alerts.replay')}
        </BusyButton>
        <BusyButton
          className="cl-button"
          aria-pressed={paused}
          busy={setPaused.isPending}
          onClick={() => void handlePause()}
        >
          {paused ? t('alerts.resume') : t('alerts.pause')}
        </BusyButton>
      </div>
      {paused ? (
        <p className="muted small" role="status" data-testid="alerts-paused">
          {t('alerts.pausedNote', { count: held })}
        </p>
      ) : null}
    </Card>
  );
}
