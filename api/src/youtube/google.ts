import { auth, youtube, type youtube_v3 } from '@googleapis/youtube';

/** Read-only access to the creator's YouTube account: their channel, broadcasts and live chat. */
export const YOUTUBE_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';

export interface YouTubeChannel {
  id: string;
  title: string;
}

/** Why Google refused a connect (shown to the creator as one message; the reason goes to logs and metrics). */
export class YouTubeRefusedError extends Error {
  constructor(readonly reason: 'invalid_grant' | 'scope_not_granted' | 'no_channel' | 'no_refresh_token') {
    super(`Google refused the YouTube connection: ${reason}`);
  }
}

/** Google OAuth 2.0 and the YouTube Data API through Google's own client (real Google, or the simulator). */
export interface YouTubeOAuth {
  /** A fresh PKCE pair (S256) and the consent URL that carries its challenge and `state`. */
  consent(state: string): Promise<{ url: string; codeVerifier: string }>;
  /** Exchanges the code with its verifier; the refresh token and the channel it grants. Throws YouTubeRefusedError. */
  connect(code: string, codeVerifier: string): Promise<{ refreshToken: string; channel: YouTubeChannel }>;
  /** Revokes the grant at Google; false when Google no longer knew it (already revoked or expired). */
  revoke(refreshToken: string): Promise<boolean>;
  /** A Data API client acting for this refresh token (access tokens are refreshed by the library). */
  dataApi(refreshToken: string): youtube_v3.Youtube;
}

export interface GoogleOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** The PWA's /creator/youtube/callback, as registered on the OAuth client. */
  redirectUrl: () => string;
  /** The simulator's OAuth endpoints and Data API root; omitted for Google itself. */
  endpoints?: {
    oauth2AuthBaseUrl: string;
    oauth2TokenUrl: string;
    oauth2RevokeUrl: string;
    tokenInfoUrl: string;
  };
  rootUrl?: string;
}

/** The error code of Google's OAuth answer (`invalid_grant`, `invalid_token`…), if it was one. */
function oauthErrorOf(err: unknown): string | null {
  const data = (err as { response?: { data?: { error?: unknown } } }).response?.data;
  return typeof data?.error === 'string' ? data.error : null;
}

export function createGoogleOAuth(opts: GoogleOAuthOptions): YouTubeOAuth {
  const client = () =>
    new auth.OAuth2({
      clientId: opts.clientId,
      clientSecret: opts.clientSecret,
      redirectUri: opts.redirectUrl(),
      ...(opts.endpoints ? { endpoints: opts.endpoints } : {}),
    });
  const dataApi = (oauth: InstanceType<typeof auth.OAuth2>) =>
    youtube({ version: 'v3', auth: oauth, ...(opts.rootUrl ? { rootUrl: opts.rootUrl } : {}) });

  return {
    async consent(state) {
      const oauth = client();
      const { codeVerifier, codeChallenge } = await oauth.generateCodeVerifierAsync();
      const url = oauth.generateAuthUrl({
        scope: [YOUTUBE_SCOPE],
        state,
        access_type: 'offline',
        // A refresh token every time, also when the creator connected before (Google sends it on consent only).
        prompt: 'consent',
        include_granted_scopes: false,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256' as never,
      });
      return { url, codeVerifier };
    },
    async connect(code, codeVerifier) {
      const oauth = client();
      let tokens;
      try {
        ({ tokens } = await oauth.getToken({ code, codeVerifier }));
      } catch (err) {
        if (oauthErrorOf(err) === 'invalid_grant') throw new YouTubeRefusedError('invalid_grant');
        throw err;
      }
      if (!(tokens.scope ?? '').split(' ').includes(YOUTUBE_SCOPE))
        throw new YouTubeRefusedError('scope_not_granted');
      if (!tokens.refresh_token) throw new YouTubeRefusedError('no_refresh_token');
      oauth.setCredentials(tokens);
      const res = await dataApi(oauth).channels.list({ part: ['snippet'], mine: true });
      const item = res.data.items?.[0];
      if (!item?.id) {
        await oauth.revokeToken(tokens.refresh_token).catch(() => undefined);
        throw new YouTubeRefusedError('no_channel');
      }
      return {
        refreshToken: tokens.refresh_token,
        channel: { id: item.id, title: item.snippet?.title ?? '' },
      };
    },
    async revoke(refreshToken) {
      try {
        await client().revokeToken(refreshToken);
        return true;
      } catch (err) {
        if (oauthErrorOf(err) === 'invalid_token') return false;
        throw err;
      }
    },
    dataApi(refreshToken) {
      const oauth = client();
      oauth.setCredentials({ refresh_token: refreshToken });
      return dataApi(oauth);
    },
  };
}
