import { useState } from 'react';
import { serverMessage } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useDisconnectYouTube, useStartYouTubeConnect, useYouTubeStatus } from '../../hooks/useYouTube.ts';
import { useT } from '../../i18n/i18n.tsx';

/** The "YouTube" card of /creator: Connect YouTube (Google's consent page), the connected channel, Disconnect. */
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
          <p>{t('youtube.connected', { title: channel.title })}</p>
          <button
            type="button"
            className="button button-secondary"
            disabled={disconnect.isPending}
            onClick={handleDisconnect}
          >
            {disconnect.isPending ? t('youtube.disconnecting') : t('youtube.disconnect')}
          </button>
        </div>
      ) : null}
      {status.data?.available && !channel ? (
        <button
          type="button"
          className="button button-primary"
          disabled={start.isPending}
          onClick={handleConnect}
        >
          {start.isPending ? t('youtube.opening') : t('youtube.connect')}
        </button>
      ) : null}
      <FormStatus error={message.error} success={message.success} />
    </Card>
  );
}
