import { useConnectivity } from '../sync/connectivity.ts';
import { useOutbox, useSyncNotices } from '../sync/hooks.ts';
import { dismissNotice } from '../sync/outbox.ts';
import { useT } from '../i18n/i18n.tsx';
import './OfflineIndicator.css';

/**
 * Shown on every screen: a live-region bar when the browser is offline or the API is unreachable (with the number
 * of queued actions), and a dismissible message for each queued action the server refused and that was undone.
 */
export function OfflineIndicator() {
  const { online, apiReachable } = useConnectivity();
  const { t } = useT();
  const outbox = useOutbox();
  const notices = useSyncNotices();
  const queued = outbox?.length ?? 0;
  const degraded = !online || !apiReachable;

  return (
    <div className="sync-status">
      <div role="status" aria-live="polite">
        {degraded ? (
          <p className="sync-status__bar" data-testid="offline-indicator">
            {online ? t('sync.unreachable') : t('sync.offline')}
            {queued > 0 ? ` ${t('sync.pending', { count: queued })}` : ''}
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
              {t('sync.dismiss')}
            </button>
          </p>
        ))}
      </div>
    </div>
  );
}
