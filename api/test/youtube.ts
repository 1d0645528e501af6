import type { YouTubeStatus } from '@shabaash/shared';

/**
 * Connect YouTube as the creator does it, over HTTP against any running app (in-process or a product process):
 * POST /api/creator/youtube/connect, Allow on the simulator's consent page for `channelTitle`, then the callback
 * with Google's code and state. Resolves with the status the callback answered; throws when a step fails.
 */
export async function connectYouTubeOver(
  appUrl: string,
  token: string,
  channelTitle: string,
): Promise<YouTubeStatus> {
  const auth = { authorization: `Bearer ${token}` };
  const started = await fetch(`${appUrl}/api/creator/youtube/connect`, { method: 'POST', headers: auth });
  if (started.status !== 200) throw new Error(`connect answered ${started.status}`);
  const consent = new URL(((await started.json()) as { url: string }).url);
  const form = new URLSearchParams(consent.searchParams);
  form.set('decision', 'allow');
  form.set('channel_title', channelTitle);
  const decided = await fetch(new URL('/o/oauth2/v2/auth/decide', consent), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const back = new URL(decided.headers.get('location') ?? '');
  const res = await fetch(`${appUrl}/api/creator/youtube/callback`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
  });
  if (res.status !== 200) throw new Error(`callback answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as YouTubeStatus;
}
