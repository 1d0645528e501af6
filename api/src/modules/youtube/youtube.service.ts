import { createHash, randomBytes } from 'node:crypto';
import {
  STATUS_TEXTS,
  type YouTubeCallbackInput,
  type YouTubeSettings,
  type YouTubeStatus,
} from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest, conflict, notFound, upstreamFailed } from '../../http/errors.ts';
import { countYouTubeConnection } from '../../metrics/youtube.ts';
import { YouTubeRefusedError, type YouTubeOAuth } from '../../youtube/google.ts';
import { openSecret, sealSecret } from '../../youtube/tokenCipher.ts';
import { youtubeLive } from './liveChats.service.ts';
import { ratesToPaise, ratesToRupees, type CountSettings } from './counting.ts';
import {
  channelHeldByOther,
  deleteConnection,
  findConnection,
  insertConnectionEvent,
  insertOAuthState,
  takeOAuthState,
  updateCountSettings,
  upsertConnection,
  type YouTubeConnectionRow,
} from './youtube.repository.ts';

/** How long a started sign-in may take before its `state` is refused. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

type Deps = Pick<AppDeps, 'db' | 'config' | 'logger' | 'youtube'>;

const hashState = (state: string) => createHash('sha256').update(state, 'utf8').digest();
/** The authenticated data of a sealed secret: whose it is and what it is, so a copied blob opens nowhere else. */
export const refreshContext = (creatorId: string) => `youtube-refresh:${creatorId}`;
const verifierContext = (creatorId: string) => `youtube-pkce:${creatorId}`;

function oauthOf(deps: Deps): YouTubeOAuth {
  if (!deps.youtube) throw new AppError('UNAVAILABLE', STATUS_TEXTS.youtubeOff);
  return deps.youtube;
}

const present = async (deps: Deps, row: YouTubeConnectionRow | null): Promise<YouTubeStatus> => ({
  available: deps.youtube != null,
  channel: row
    ? { id: row.channelId, title: row.channelTitle, connectedAt: row.createdAt.toISOString() }
    : null,
  live: row ? await youtubeLive(deps, row.creatorId, row.createdAt) : null,
  settings: presentSettings(row?.counting ?? DEFAULT_COUNTING),
});

/** How Super Chats count before the creator chooses: only those paid in INR. */
const DEFAULT_COUNTING: CountSettings = { countMode: 'inrOnly', ratesPaise: {} };

const presentSettings = (counting: CountSettings): YouTubeSettings => ({
  countMode: counting.countMode,
  rates: ratesToRupees(counting.ratesPaise),
});

/**
 * Saves how the creator's Super Chats count towards the goal, timer and tiers from now on (events already in the
 * queue keep what they counted), audited; 404 when no channel is connected. INR always counts as paid: a rate for
 * it is not kept.
 */
export async function saveYouTubeSettings(
  deps: Deps,
  creatorId: string,
  input: YouTubeSettings,
): Promise<YouTubeStatus> {
  const rates = Object.fromEntries(Object.entries(input.rates).filter(([code]) => code !== 'INR'));
  const counting: CountSettings = { countMode: input.countMode, ratesPaise: ratesToPaise(rates) };
  const row = await deps.db.transaction(async (tx) => {
    const saved = await updateCountSettings(tx, creatorId, counting);
    if (!saved) return null;
    await insertConnectionEvent(tx, {
      creatorId,
      event: 'settings',
      channelId: saved.channelId,
      detail: JSON.stringify(counting),
    });
    return saved;
  });
  if (!row) throw notFound('YouTube connection');
  return present(deps, row);
}

/** The creator's connected channel (never its token). */
export async function youtubeStatus(deps: Deps, creatorId: string): Promise<YouTubeStatus> {
  return present(deps, await findConnection(deps.db, creatorId));
}

/** Starts a sign-in: stores the hashed `state` and sealed PKCE verifier for this creator; returns the consent URL. */
export async function startConnect(deps: Deps, creatorId: string): Promise<{ url: string }> {
  const oauth = oauthOf(deps);
  const state = randomBytes(32).toString('base64url');
  const { url, codeVerifier } = await oauth.consent(state);
  await insertOAuthState(deps.db, {
    stateHash: hashState(state),
    creatorId,
    codeVerifierSealed: sealSecret(deps.config.youtubeTokenKey, codeVerifier, verifierContext(creatorId)),
    ttlMs: OAUTH_STATE_TTL_MS,
  });
  return { url };
}

async function refuse(deps: Deps, creatorId: string, detail: string, error: AppError): Promise<never> {
  await insertConnectionEvent(deps.db, { creatorId, event: 'refused', channelId: null, detail });
  countYouTubeConnection('refused');
  throw error;
}

/**
 * Finishes a sign-in: the `state` must be one this creator started (once, unexpired); the code is exchanged with
 * its PKCE verifier, and the channel and sealed refresh token are stored. A channel held by another creator is
 * refused (and the new grant revoked).
 */
export async function finishConnect(
  deps: Deps,
  creatorId: string,
  input: YouTubeCallbackInput,
): Promise<YouTubeStatus> {
  const oauth = oauthOf(deps);
  const key = deps.config.youtubeTokenKey;
  const sealedVerifier = await takeOAuthState(deps.db, hashState(input.state), creatorId);
  if (!sealedVerifier)
    return refuse(deps, creatorId, 'state_mismatch', badRequest(STATUS_TEXTS.youtubeStateMismatch));
  let granted;
  try {
    granted = await oauth.connect(input.code, openSecret(key, sealedVerifier, verifierContext(creatorId)));
  } catch (err) {
    if (err instanceof YouTubeRefusedError)
      return refuse(deps, creatorId, err.reason, badRequest(STATUS_TEXTS.youtubeRefused));
    deps.logger.warn({ err }, 'youtube: code exchange failed');
    throw upstreamFailed(STATUS_TEXTS.youtubeRefused);
  }
  const { refreshToken, channel } = granted;
  if (await channelHeldByOther(deps.db, channel.id, creatorId)) {
    await oauth.revoke(refreshToken).catch(() => false);
    return refuse(deps, creatorId, 'channel_taken', conflict(STATUS_TEXTS.youtubeChannelTaken));
  }
  const previous = await findConnection(deps.db, creatorId);
  const row = await deps.db.transaction(async (tx) => {
    const stored = await upsertConnection(tx, {
      creatorId,
      channelId: channel.id,
      channelTitle: channel.title,
      refreshTokenSealed: sealSecret(key, refreshToken, refreshContext(creatorId)),
    });
    await insertConnectionEvent(tx, { creatorId, event: 'connected', channelId: channel.id, detail: null });
    return stored;
  });
  countYouTubeConnection('connected');
  // Connecting again (or another channel) replaces the grant: the old one is revoked so no token is left alive.
  if (previous) await revokeAtGoogle(deps, oauth, previous);
  return present(deps, row);
}

/** Revokes a stored grant at Google; a failure is logged and counted, never thrown (the row goes anyway). */
async function revokeAtGoogle(deps: Deps, oauth: YouTubeOAuth, row: YouTubeConnectionRow): Promise<boolean> {
  try {
    return await oauth.revoke(
      openSecret(deps.config.youtubeTokenKey, row.refreshTokenSealed, refreshContext(row.creatorId)),
    );
  } catch (err) {
    deps.logger.warn({ err, channelId: row.channelId }, 'youtube: revoking the grant at Google failed');
    countYouTubeConnection('revoke_failed');
    return false;
  }
}

/** Disconnects the creator's own channel: revokes the grant at Google, then deletes the row (and audits it). */
export async function disconnect(deps: Deps, creatorId: string): Promise<YouTubeStatus> {
  const oauth = oauthOf(deps);
  const row = await findConnection(deps.db, creatorId);
  if (!row) return present(deps, null);
  const revoked = await revokeAtGoogle(deps, oauth, row);
  await deps.db.transaction(async (tx) => {
    await deleteConnection(tx, creatorId);
    await insertConnectionEvent(tx, {
      creatorId,
      event: 'disconnected',
      channelId: row.channelId,
      detail: revoked ? 'revoked' : 'not_revoked',
    });
  });
  countYouTubeConnection('disconnected');
  return present(deps, null);
}
