import { useEffect, useState } from 'react';
import { ALERT_RECEIPT_DEADLINE_MS, ALERT_RESHOW_WINDOW_MS } from '@shabaash/shared/core';
import type { OverlayPresence } from '../../hooks/useChats.ts';
import { timeOfDay, type ChatView } from '../../lib/chatQueue.ts';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';

// Alert receipts in the Chat Loader: "On air ✓" with its time and sound on each live tip, and the warnings that
// an alert is not on air (overlay hidden, not heard, stalled, or no overlay at all).

const SOUND_ICON = { played: '🔊', no_sound: '🔇', failed: '⚠' } as const;

/** "On air ✓ 21:04" and the sound mark of a live tip an overlay acknowledged (nothing before its receipt). */
export function OnAirMark({ chat }: { chat: ChatView }) {
  const { t } = useT();
  if (chat.status !== 'read' || !chat.aired) return null;
  const soundText = t(`alerts.sound.${chat.aired.sound}` as MessageKey);
  return (
    <span className="cl-aired" data-testid="aired-mark" data-sound={chat.aired.sound}>
      <time dateTime={chat.aired.at}>{t('alerts.onAir', { time: timeOfDay(chat.aired.at) })}</time>{' '}
      <span className={`cl-sound is-${chat.aired.sound}`} title={soundText}>
        <span aria-hidden="true">{SOUND_ICON[chat.aired.sound]}</span>
        <span className="sr-only">{soundText}</span>
      </span>
    </span>
  );
}

/** The newest live tip pushed in the last ten minutes that no overlay has acknowledged, or null. */
function unairedLive(chats: readonly ChatView[], now: number): ChatView | null {
  let newest: ChatView | null = null;
  for (const chat of chats) {
    if (chat.status !== 'read' || chat.aired || chat.pending) continue;
    const at = Date.parse(chat.updatedAt);
    if (!(now - at < ALERT_RESHOW_WINDOW_MS)) continue;
    if (!newest || at > Date.parse(newest.updatedAt)) newest = chat;
  }
  return newest;
}

/** Which warning the Chat Loader shows now, if any. */
export function alertWarning(
  overlays: OverlayPresence | null,
  chats: readonly ChatView[],
  paused: boolean,
  now: number,
): MessageKey | null {
  if (!overlays) return null;
  const waiting = paused ? null : unairedLive(chats, now);
  if (overlays.count === 0) return waiting ? 'alerts.noOverlay' : null;
  if (overlays.showing === 0) return 'alerts.notShowing';
  if (overlays.heard === 0) return 'alerts.notHeard';
  if (waiting && now - Date.parse(waiting.updatedAt) >= ALERT_RECEIPT_DEADLINE_MS) return 'alerts.notAired';
  return null;
}

/**
 * The warning that alerts are not on air, re-judged every second (a live tip's receipt is due within 5 s), as
 * an alert so screen readers announce it.
 */
export function AlertWarning(props: {
  overlays: OverlayPresence | null;
  chats: readonly ChatView[];
  paused: boolean;
}) {
  const { t } = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const warning = alertWarning(props.overlays, props.chats, props.paused, now);
  return (
    <div className="cl-alert-warning-slot">
      {warning ? (
        <p
          className="form-status form-status-error cl-banner"
          role="alert"
          data-testid="alert-warning"
          data-warning={warning}
        >
          {t(warning)}
        </p>
      ) : null}
    </div>
  );
}
