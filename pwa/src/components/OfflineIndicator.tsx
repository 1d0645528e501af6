import { useConnectivity } from '../sync/connectivity.ts';
import { useOutbox, useSyncNotices } from '../sync/hooks.ts';
import { dismissNotice } from '../sync/outbox.ts';
import './OfflineIndicator.css';

export const OFFLINE_TEXT = 'You are offline. Showing saved data; balances may be out of date.';
export const UNREACHABLE_TEXT =
  'Cannot reach Shabaash right now. Showing saved data; balances may be out of date.';

/** "N changes waiting to sync" with the right plural. */
export function pendingText(count: number): string {
  return count === 1
    ? '1 change will sync when you are back online.'
    : `${count} changes will sync when you are back online.`;
}

/**
 * Shown on every screen: a live-region bar when the browser is offline or the API is unreachable (with the number
 * of queued actions), and a dismissible message for each queued action the server refused and that was undone.
 */
export function OfflineIndicator() {
  const { online, apiReachable } = useConnectivity();
  const outbox = useOutbox();
  const notices = useSyncNotices();
  const queued = outbox?.length ?? 0;
  const degraded = !online || !apiReachable;

  return (
    <div className="sync-status">
      <div role="status" aria-live="polite">
        {degraded ? (
          <p className="sync-status__bar" data-testid="offline-indicator">
            {online ? UNREACHABLE_TEXT : OFFLINE_TEXT}
            {queued > 0 ? ` ${pendingText(queued)}` : ''}
          </p>
        ) : null}
      </div>
      {/* An always-present assertive live region (not role=alert, which would name an empty alert). */}
      <div aria-live="assertive" aria-atomic="false">
        {(notices ?? []).map((notice) => (
          <p className="sync-status__notice" key={notice.id}>
            <span>{notice.message}</span>
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => void dismissNotice(notice.id ?? -1)}
            >
              Dismiss
            </button>
          </p>
        ))}
      </div>
    </div>
  );
}
