import { useYouTubeStatus } from '../../hooks/useYouTube.ts';
import { localizeText } from '../../i18n/errors.ts';

/**
 * Why Super Chats cannot arrive right now (YouTube's daily quota used up, access revoked, YouTube not answering), in
 * the chosen language; kept current by `youtube:live`. Nothing while all is well: Shabaash tips are not affected.
 */
export function YouTubeLiveBanner() {
  const status = useYouTubeStatus();
  const message = status.data?.channel ? status.data.live?.message : null;
  if (!message) return null;
  return (
    <p className="form-status form-status-error cl-banner" role="alert" data-testid="youtube-live-note">
      {localizeText(message)}
    </p>
  );
}
