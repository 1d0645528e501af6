import { createHash, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_TTL_S, channelIdFor, newAccessToken, newCode, simId, type SimState } from './state.ts';

/** Google OAuth 2.0 as the simulator serves it: the consent page, the token endpoint and revocation. */

export interface Answer {
  status: number;
  body: unknown;
  /** A redirect's target (status 302). */
  location?: string;
  /** An HTML page instead of JSON. */
  html?: string;
}

const oauthError = (status: number, error: string, description: string): Answer => ({
  status,
  body: { error, error_description: description },
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the authorization request must carry; an error page (as Google shows one) when it does not. */
function checkAuthRequest(state: SimState, q: URLSearchParams): string | null {
  if (q.get('client_id') !== state.clientId)
    return 'Error 401: invalid_client. The OAuth client was not found.';
  if (q.get('response_type') !== 'code') return 'Error 400: unsupported_response_type.';
  const redirect = q.get('redirect_uri') ?? '';
  if (!/^https?:\/\//.test(redirect)) return 'Error 400: redirect_uri_mismatch.';
  if (!(q.get('scope') ?? '').trim()) return 'Error 400: invalid_request. Missing required parameter: scope';
  const method = q.get('code_challenge_method');
  if (method && method !== 'S256' && method !== 'plain')
    return 'Error 400: invalid_request. Invalid code_challenge_method';
  return null;
}

/** GET /o/oauth2/v2/auth: the consent screen (a phone-sized page with the channel to connect and Allow). */
export function consentPage(state: SimState, q: URLSearchParams): Answer {
  const problem = checkAuthRequest(state, q);
  if (problem)
    return { status: 400, body: null, html: page('Access blocked', `<p>${escapeHtml(problem)}</p>`) };
  const hidden = [...q.entries()]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const scopes = (q.get('scope') ?? '')
    .split(' ')
    .map((s) => `<li>${escapeHtml(s.endsWith('youtube.readonly') ? 'View your YouTube account' : s)}</li>`)
    .join('');
  const body = `
    <p class="note">Sandbox: Shabaash's YouTube simulator, not Google.</p>
    <h1>Sign in with Google</h1>
    <p>An app wants to access your Google Account.</p>
    <form method="post" action="/o/oauth2/v2/auth/decide">
      ${hidden}
      <label for="channel">YouTube channel</label>
      <input id="channel" name="channel_title" value="Sandbox Streamer" autocomplete="off" required maxlength="100">
      <p>This will allow the app to:</p>
      <ul>${scopes}</ul>
      <div class="actions">
        <button type="submit" name="decision" value="deny" class="secondary">Cancel</button>
        <button type="submit" name="decision" value="allow">Allow</button>
      </div>
    </form>`;
  return { status: 200, body: null, html: page('Sign in – Google Accounts (simulator)', body) };
}

/** POST /o/oauth2/v2/auth/decide: Allow redirects with `code` and `state`; Cancel with `error=access_denied`. */
export function decide(state: SimState, form: URLSearchParams): Answer {
  const problem = checkAuthRequest(state, form);
  if (problem)
    return { status: 400, body: null, html: page('Access blocked', `<p>${escapeHtml(problem)}</p>`) };
  const target = new URL(form.get('redirect_uri') ?? '');
  const given = form.get('state');
  if (given !== null) target.searchParams.set('state', given);
  if (form.get('decision') !== 'allow') {
    target.searchParams.set('error', 'access_denied');
    return { status: 302, body: null, location: target.toString() };
  }
  const title = (form.get('channel_title') ?? '').trim().slice(0, 100) || 'Sandbox Streamer';
  const channel = [...state.channels.values()].find((c) => c.title === title) ?? {
    id: channelIdFor(),
    title,
  };
  state.channels.set(channel.id, channel);
  const code = newCode(state, {
    clientId: state.clientId,
    redirectUri: form.get('redirect_uri') ?? '',
    scope: form.get('scope') ?? '',
    channelId: channel.id,
    codeChallenge: form.get('code_challenge'),
    codeChallengeMethod: form.get('code_challenge_method'),
  });
  target.searchParams.set('code', code);
  target.searchParams.set('scope', form.get('scope') ?? '');
  return { status: 302, body: null, location: target.toString() };
}

function clientAuthenticated(state: SimState, form: URLSearchParams, authorization: string): boolean {
  let id = form.get('client_id');
  let secret = form.get('client_secret');
  const basic = /^Basic (.+)$/i.exec(authorization);
  if (basic)
    [id = null, secret = null] = Buffer.from(basic[1] ?? '', 'base64')
      .toString('utf8')
      .split(':');
  const expected = Buffer.from(state.clientSecret);
  const got = Buffer.from(secret ?? '');
  return id === state.clientId && got.length === expected.length && timingSafeEqual(got, expected);
}

/** The PKCE check of RFC 7636 §4.6: BASE64URL(SHA256(verifier)) equals the challenge (or equals it, for plain). */
function verifierMatches(challenge: string, method: string | null, verifier: string | null): boolean {
  if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const derived =
    method === 'plain' ? verifier : createHash('sha256').update(verifier, 'ascii').digest('base64url');
  return derived === challenge;
}

/** POST /token: authorization_code (with the PKCE check) and refresh_token grants. */
export function token(state: SimState, form: URLSearchParams, authorization: string): Answer {
  if (!clientAuthenticated(state, form, authorization))
    return oauthError(401, 'invalid_client', 'Unauthorized');
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') {
    const value = form.get('code') ?? '';
    const code = state.codes.get(value);
    // A code is good once: Google refuses a replay with invalid_grant.
    state.codes.delete(value);
    if (!code || code.expiresAt < Date.now() || code.clientId !== state.clientId)
      return oauthError(400, 'invalid_grant', 'Bad Request');
    if (code.redirectUri !== form.get('redirect_uri'))
      return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
    if (
      code.codeChallenge &&
      !verifierMatches(code.codeChallenge, code.codeChallengeMethod, form.get('code_verifier'))
    )
      return oauthError(400, 'invalid_grant', 'Invalid code verifier.');
    const refreshToken = `1//${simId(32)}`;
    state.grants.set(refreshToken, {
      refreshToken,
      clientId: code.clientId,
      channelId: code.channelId,
      scope: code.scope,
      revoked: false,
    });
    return {
      status: 200,
      body: {
        access_token: newAccessToken(state, refreshToken),
        expires_in: ACCESS_TOKEN_TTL_S,
        refresh_token: refreshToken,
        scope: code.scope,
        token_type: 'Bearer',
      },
    };
  }
  if (grantType === 'refresh_token') {
    const grant = state.grants.get(form.get('refresh_token') ?? '');
    if (!grant || grant.revoked || grant.clientId !== state.clientId)
      return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
    return {
      status: 200,
      body: {
        access_token: newAccessToken(state, grant.refreshToken),
        expires_in: ACCESS_TOKEN_TTL_S,
        scope: grant.scope,
        token_type: 'Bearer',
      },
    };
  }
  return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
}

/** POST /revoke?token=…: revokes the grant behind a refresh or access token (and every access token of it). */
export function revoke(state: SimState, tokenValue: string): Answer {
  const refreshToken = state.grants.has(tokenValue)
    ? tokenValue
    : state.accessTokens.get(tokenValue)?.refreshToken;
  const grant = refreshToken ? state.grants.get(refreshToken) : undefined;
  if (!grant || grant.revoked) return oauthError(400, 'invalid_token', 'Token expired or revoked');
  revokeGrant(state, grant.refreshToken);
  return { status: 200, body: {} };
}

/** Marks a grant revoked and forgets its access tokens (also what a user does in their Google Account). */
export function revokeGrant(state: SimState, refreshToken: string): boolean {
  const grant = state.grants.get(refreshToken);
  if (!grant) return false;
  grant.revoked = true;
  for (const [value, access] of state.accessTokens)
    if (access.refreshToken === refreshToken) state.accessTokens.delete(value);
  return true;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:24px 16px;max-width:420px;margin-inline:auto;color:#202124}
h1{font-size:1.4rem;font-weight:500}label{display:block;font-weight:500;margin-top:16px}
input[type=text],input:not([type]){box-sizing:border-box;width:100%;font-size:1rem;padding:12px;margin-top:6px;border:1px solid #dadce0;border-radius:4px}
.note{font-size:.85rem;background:#fef7e0;padding:8px 12px;border-radius:4px}
.actions{display:flex;gap:12px;justify-content:flex-end;margin-top:24px}
button{font-size:1rem;min-height:44px;padding:0 24px;border-radius:4px;border:0;background:#1a73e8;color:#fff}
button.secondary{background:transparent;color:#1a73e8}
</style></head><body>${body}</body></html>`;
}
