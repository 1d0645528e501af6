import { serverMessage } from '../api/client.ts';
import { useSendTestAlert } from '../hooks/useShowActions.ts';
import { useT } from '../i18n/i18n.tsx';

export type ShowOutcome = (kind: 'success' | 'error', text: string) => void;

/**
 * "Send test alert": shows a marked test tip (tier, sound and speech) on the creator's overlays. It moves no money
 * and appears in no list, analytics or export. `amount` picks the tier (₹500 when absent).
 */
export function TestAlertButton({
  amount,
  onOutcome,
  className = 'button button-secondary',
  label,
}: {
  amount?: number;
  onOutcome: ShowOutcome;
  className?: string;
  label?: string;
}) {
  const { t } = useT();
  const send = useSendTestAlert();
  async function handleClick() {
    try {
      await send.mutateAsync(amount === undefined ? {} : { amount });
      onOutcome('success', t('show.testAlertSent'));
    } catch (error) {
      onOutcome('error', serverMessage(error, t('show.testAlertFailed')));
    }
  }
  return (
    <button type="button" className={className} disabled={send.isPending} onClick={() => void handleClick()}>
      {label ?? t('show.testAlert')}
    </button>
  );
}
