import { useState } from 'react';
import type { YouTubeLive } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useDisconnectYouTube, useStartYouTubeConnect, useYouTubeStatus } from '../../hooks/useYouTube.ts';
import { useT } from '../../i18n/i18n.tsx';
import { count } from '../../i18n/format.ts';
import { localizeText } from '../../i18n/errors.ts';
import { YouTubeCountForm } from './YouTubeCountForm.tsx';
import './youtube.css';
import { BusyButton } from '../../components/BusyButton.tsx';

/**
 * What the live-chat follower is doing, in words ("Following the live chat of …", "Waiting for a live stream …"),
 * why Super Chats cannot arrive when they cannot, and its polling budget from the daily quota.
 */
function LiveState({ live }: { live: YouTubeLive }) {
  const { t } = useT();
  const { quota } = live;
  const state =
    live.state === 'following'
      ? t('youtube.live.following', { title: live.broadcastTitle ?? '' })
      : t(`youtube.live.${live.state}`);
  const used = { used: count(quota.usedUnits), daily: count(quota.dailyUnits) };
  return (
    <div className="yt-live" data-testid="youtube-live">
      <p className={`yt-state is-${live.state}`} data-state={live.state}>
        <span className="yt-dot" aria-hidden="true" />
        {state}
      </p>
      {live.message ? <p className="form-status form-status-error">{localizeText(live.message)}</p> : null}
      <p className="muted small" data-testid="youtube-quota">
        {quota.pollEveryMs > 0
          ? t('youtube.quota.polling', {
              seconds: count(Math.round(quota.pollEveryMs / 100) / 10),
              ...used,
            })
          : t('youtube.quota.used', used)}
      </p>
    </div>
  );
}

/**
 * The "YouTube" card of /creator: Connect YouTube (Google's consent page); once connected, the channel, what the
 * live-chat follower is doing and its quota, how Super Chats count, and Disconnect.
 */
export function YouTubeSection() {
  const { t } = useT();
  const status = useYouTubeStatus();
  const start = useStartYouTubeConnect();
  const disconnect = useDisconnectYouTube();
  const [message, setMessage] = useState<{ error?: string; success?: string }>({});
  const channel = status.data?.channel ?? null;

  const handleConnect = () => {
    setMessage({});
    start.mutate(undefined, {
      // Google's consent page replaces this one; it sends the creator back to /creator/youtube/callback.
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (caught) => setMessage({ error: serverMessage(caught, t('youtube.connectFailed')) }),
    });
  };
  const handleDisconnect = () => {
    setMessage({});
    disconnect.mutate(undefined, {
      onSuccess: () => setMessage({ success: t('youtube.disconnected') }),
      onError: (caught) => setMessage({ error: serverMessage(caught, t('youtube.disconnectFailed')) }),
    });
  };

  return (
    <Card title={t('youtube.title')} hint={t('youtube.intro')}>
      {status.isPending ? <p className="muted">{t('youtube.loading')}</p> : null}
      {status.isError ? <FormStatus error={t('youtube.loadFailed')} /> : null}
      {status.data && !status.data.available ? <p className="muted">{t('youtube.unavailable')}</p> : null}
      {status.data?.available && channel ? (
        <div className="stack">
          <p className="yt-channel">{t('youtube.connected', { title: channel.title })}</p>
          {status.data.live ? <LiveState live={status.data.live} /> : null}
          <YouTubeCountForm saved={status.data.settings} />
          <BusyButton
            busy={disconnect.isPending}
            busyLabel={t('youtube.disconnecting')}
            onClick={handleDisconnect}
          >
            {t('youtube.disconnect')}
          </BusyButton>
        </div>
      ) : null}
      {status.data?.available && !channel ? (
        <BusyButton
          variant="primary"
          busy={start.isPending}
          busyLabel={t('youtube.opening')}
          onClick={handleConnect}
        >
          {t('youtube.connect')}
        </BusyButton>
      ) : null}
      <FormStatus error={message.error} success={message.success} />
    </Card>
  );
}
