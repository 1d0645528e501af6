import { serverMessage } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { TestAlertButton, type ShowOutcome } from '../../components/TestAlertButton.tsx';
import { useSkipSpeech } from '../../hooks/useShowActions.ts';
import { useT } from '../../i18n/i18n.tsx';

/** The show on stream (issue 14): send a test alert, or stop the speech on every connected overlay. */
export function ShowToolsCard({ onOutcome }: { onOutcome: ShowOutcome }) {
  const { t } = useT();
  const skip = useSkipSpeech();
  async function handleSkip() {
    try {
      await skip.mutateAsync();
      onOutcome('success', t('show.skipped'));
    } catch (error) {
      onOutcome('error', serverMessage(error, t('show.skipFailed')));
    }
  }
  return (
    <Card title={t('show.onStream')} hint={t('show.onStreamHint')} className="cl-card">
      <div className="cl-tools">
        <button
          type="button"
          className="button button-secondary cl-button"
          disabled={skip.isPending}
          onClick={() => void handleSkip()}
        >
          {t('show.skipReading')}
        </button>
        <TestAlertButton className="button button-secondary cl-button" onOutcome={onOutcome} />
      </div>
    </Card>
  );
}
