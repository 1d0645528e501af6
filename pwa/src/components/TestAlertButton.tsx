import { serverMessage } from '../api/client.ts';
import { useSendTestAlert } from '../hooks/useShowActions.ts';

export const TEST_ALERT_TEXT = {
  button: 'Send test alert',
  sent: 'Test alert sent to your overlay. It is not saved anywhere.',
  failed: 'Unable to send a test alert. Please try again.',
} as const;

export type ShowOutcome = (kind: 'success' | 'error', text: string) => void;

/**
 * "Send test alert": shows a marked test tip (tier, sound and speech) on the creator's overlays. It moves no money
 * and appears in no list, analytics or export. `amount` picks the tier (₹500 when absent).
 */
export function TestAlertButton({
  amount,
  onOutcome,
  className = 'button button-secondary',
  label = TEST_ALERT_TEXT.button,
}: {
  amount?: number;
  onOutcome: ShowOutcome;
  className?: string;
  label?: string;
}) {
  const send = useSendTestAlert();
  async function handleClick() {
    try {
      await send.mutateAsync(amount === undefined ? {} : { amount });
      onOutcome('success', TEST_ALERT_TEXT.sent);
    } catch (error) {
      onOutcome('error', serverMessage(error, TEST_ALERT_TEXT.failed));
    }
  }
  return (
    <button type="button" className={className} disabled={send.isPending} onClick={() => void handleClick()}>
      {label}
    </button>
  );
}
