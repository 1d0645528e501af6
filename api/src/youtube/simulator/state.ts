import { randomBytes } from 'node:crypto';

/** The simulator's records, shaped after the YouTube Data API v3 and Google OAuth 2.0 references. */

export const ACCESS_TOKEN_TTL_S = 3599;
const CODE_TTL_MS = 10 * 60_000;
/** liveChatMessages.list answers at most this many items per page (the API's maxResults ceiling is 2000). */
export const MAX_PAGE_ITEMS = 2000;
export const DEFAULT_PAGE_ITEMS = 500;

export interface SimChannel {
  id: string;
  title: string;
}

export interface SimGrant {
  refreshToken: string;
  clientId: string;
  channelId: string;
  scope: string;
  revoked: boolean;
}

export interface SimAccessToken {
  refreshToken: string;
  expiresAt: number;
}

export interface SimCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  channelId: string;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  expiresAt: number;
}

/** A liveChatMessage resource (the fields our client reads; the names and nesting are the API's). */
export interface SimChatMessage {
  kind: 'youtube#liveChatMessage';
  etag: string;
  id: string;
  snippet: {
    type: 'superChatEvent' | 'superStickerEvent' | 'textMessageEvent';
    liveChatId: string;
    authorChannelId: string;
    publishedAt: string;
    hasDisplayContent: boolean;
    displayMessage: string;
    superChatDetails?: {
      amountMicros: string;
      currency: string;
      amountDisplayString: string;
      userComment: string;
      tier: number;
    };
    superStickerDetails?: {
      superStickerMetadata: { stickerId: string; altText: string; altTextLanguage: string };
      amountMicros: string;
      currency: string;
      amountDisplayString: string;
      tier: number;
    };
    textMessageDetails?: { messageText: string };
  };
  authorDetails: {
    channelId: string;
    channelUrl: string;
    displayName: string;
    profileImageUrl: string;
    isVerified: boolean;
    isChatOwner: boolean;
    isChatSponsor: boolean;
    isChatModerator: boolean;
  };
}

export interface SimBroadcast {
  id: string;
  channelId: string;
  title: string;
  liveChatId: string;
  lifeCycleStatus: 'live' | 'complete';
  actualStartTime: string;
  actualEndTime: string | null;
  messages: SimChatMessage[];
  chatEnded: boolean;
}

/** A one-shot failure the next Data API call answers with. */
export type SimFailure = 'quotaExceeded';

export interface SimState {
  clientId: string;
  clientSecret: string;
  channels: Map<string, SimChannel>;
  codes: Map<string, SimCode>;
  grants: Map<string, SimGrant>;
  accessTokens: Map<string, SimAccessToken>;
  broadcasts: Map<string, SimBroadcast>;
  /** Failures queued for the next Data API calls, first first. */
  failures: SimFailure[];
  /** What liveChatMessages.list tells the client to wait before its next poll. */
  pollingIntervalMillis: number;
  /** Every Data API call (method and path), oldest first: the quota a client spent. */
  calls: string[];
}

/** An opaque id like YouTube's (base64url letters). */
export const simId = (bytes = 12): string => randomBytes(bytes).toString('base64url');

/** A channel id the way YouTube spells one: `UC` and 22 characters. */
export const channelIdFor = (): string => `UC${randomBytes(17).toString('base64url').slice(0, 22)}`;

export function newCode(state: SimState, code: Omit<SimCode, 'expiresAt'>): string {
  const value = `4/${simId(24)}`;
  state.codes.set(value, { ...code, expiresAt: Date.now() + CODE_TTL_MS });
  return value;
}

/** Issues an access token for a grant. */
export function newAccessToken(state: SimState, refreshToken: string): string {
  const token = `ya29.${simId(32)}`;
  state.accessTokens.set(token, { refreshToken, expiresAt: Date.now() + ACCESS_TOKEN_TTL_S * 1000 });
  return token;
}

/** The grant behind a live access token, or null (unknown, expired or revoked). */
export function grantOfAccessToken(state: SimState, token: string): SimGrant | null {
  const access = state.accessTokens.get(token);
  if (!access || access.expiresAt < Date.now()) return null;
  const grant = state.grants.get(access.refreshToken);
  return grant && !grant.revoked ? grant : null;
}
