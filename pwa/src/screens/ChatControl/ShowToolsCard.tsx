import { serverMessage } from '../../api/client.ts';
import { TestAlertButton, type ShowOutcome } from '../../components/TestAlertButton.tsx';
import { useSkipSpeech } from '../../hooks/useShowActions.ts';
import { CHAT_TEXT } from './chatText.ts';

/** The show on stream (issue 14): send a test alert, or stop the speech on every connected overlay. */
export function ShowToolsCard({ onOutcome }: { onOutcome: ShowOutcome }) {
  const skip = useSkipSpeech();
  async function handleSkip() {
    try {
      await skip.mutateAsync();
      onOutcome('success', CHAT_TEXT.skipped);
    } catch (error) {
      onOutcome('error', serverMessage(error, CHAT_TEXT.skipFailed));
    }
  }
  return (
    <section className="card cl-card" aria-labelledby="cl-show-title">
      <h2 className="card-title" id="cl-show-title">
        {CHAT_TEXT.showTitle}
      </h2>
      <p className="muted small">{CHAT_TEXT.showHint}</p>
      <div className="cl-tools">
        <button
          type="button"
          className="button button-secondary cl-button"
          disabled={skip.isPending}
          onClick={() => void handleSkip()}
        >
          {CHAT_TEXT.skipReading}
        </button>
        <TestAlertButton className="button button-secondary cl-button" onOutcome={onOutcome} />
      </div>
    </section>
  );
}
