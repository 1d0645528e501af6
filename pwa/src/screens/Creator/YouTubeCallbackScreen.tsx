import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { serverMessage } from '../../api/client.ts';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useFinishYouTubeConnect } from '../../hooks/useYouTube.ts';
import { useT } from '../../i18n/i18n.tsx';

/**
 * /creator/youtube/callback: where Google sends the creator back. Hands `code` and `state` to the API once (which
 * checks the state is one this creator started), then shows the connected channel or why not.
 */
export function YouTubeCallbackScreen() {
  const { t } = useT();
  const [params] = useSearchParams();
  const finish = useFinishYouTubeConnect();
  const [outcome, setOutcome] = useState<{ error?: string; success?: string }>({});
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state) {
      setOutcome({
        error: params.get('error') ? t('youtube.callback.denied') : t('youtube.callback.failed'),
      });
      return;
    }
    finish.mutate(
      { code, state },
      {
        onSuccess: (status) =>
          setOutcome({ success: t('youtube.callback.done', { title: status.channel?.title ?? '' }) }),
        onError: (caught) => setOutcome({ error: serverMessage(caught, t('youtube.callback.failed')) }),
      },
    );
  }, [finish, params, t]);

  const working = !outcome.error && !outcome.success;
  return (
    <div className="page container">
      <header className="page-header">
        <h1 className="page-title">{t('youtube.callback.title')}</h1>
      </header>
      {working ? (
        <p className="muted" role="status">
          {t('youtube.callback.working')}
        </p>
      ) : null}
      <FormStatus error={outcome.error} success={outcome.success} />
      <Link className="button button-secondary" to="/creator">
        {t('youtube.callback.back')}
      </Link>
    </div>
  );
}
