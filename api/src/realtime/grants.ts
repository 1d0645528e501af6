import { WS_CLOSE, type ClientMessage } from '@shabaash/shared';
import type { Config } from '../config.ts';
import type { Executor } from '../db/knex.ts';
import {
  findCreatorByHandle,
  findOverlayCreator,
  findCreatorByUserId,
  findDefaultCreator,
  type VersionedCreator,
} from '../modules/creators/creators.repository.ts';
import { API_TOKEN_PREFIX, resolveToken } from '../modules/apiTokens/apiTokens.service.ts';
import { API_TOKEN_RATE_LIMIT } from '../modules/apiTokens/apiTokens.auth.ts';
import { rateLimit, RateLimitedError } from '../http/rateLimit.ts';
import { resolveSession, type SessionClaims } from '../modules/sessions/sessions.service.ts';
import { moderatedCreators } from '../modules/moderators/moderators.repository.ts';
import { creatorSpace, payoutsSpace, walletSpace } from '../modules/sync/spaces.ts';
import { VIEW_RANK, type View } from './types.ts';

export type Hello = Extract<ClientMessage, { type: 'hello' }>;

/** What a hello is allowed to see: the rooms it joins and the view of each space behind them. */
export interface HelloGrant {
  session: SessionClaims | null;
  rooms: string[];
  spaces: Map<string, View>;
  /** The creator whose own room this socket joined (a creator's token). */
  creatorOf: string | null;
  /** The creator whose overlay key this socket used. */
  overlayOf: string | null;
  /** The creator API token a bot's hello used (it joins only that creator's room). */
  apiTokenId: string | null;
  /** Versions of granted spaces read with the grant (an overlay key's creator space), read after the hello. */
  versions: Record<string, number>;
}

/** An overlay key's live creator with its creator space's version (the hub's cache, overlayCreators.ts, or a read). */
export type OverlayLookup = (overlayKey: string, since: Hello['since']) => Promise<VersionedCreator | null>;

/** A hello that is refused: the socket closes with this code and reason. */
export class HelloRefused extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * The rooms a hello grants. A token joins the user's wallet, the creator's own room for a
 * creator (and its payouts room), the moderator room of each creator the user moderates, and the public room of `hello.creator` (or of the default creator when the user is not one); an
 * overlay key joins that creator's overlay room. Every lookup goes through the repositories (an overlay key's
 * through `findOverlay`, the hub's cache).
 */
export async function grantFor(
  db: Executor,
  config: Config,
  hello: Hello,
  findOverlay: OverlayLookup = (key) => findOverlayCreator(db, key),
): Promise<HelloGrant> {
  const grant: HelloGrant = {
    session: null,
    rooms: [],
    spaces: new Map(),
    creatorOf: null,
    overlayOf: null,
    apiTokenId: null,
    versions: {},
  };
  const add = (room: string, space: string, view: View) => {
    if (!grant.rooms.includes(room)) grant.rooms.push(room);
    const prev = grant.spaces.get(space);
    if (!prev || VIEW_RANK[view] > VIEW_RANK[prev]) grant.spaces.set(space, view);
  };
  if (!hello.token && !hello.overlayKey)
    throw new HelloRefused(WS_CLOSE.unauthorized, 'Missing credentials: send a token or an overlayKey');
  if (hello.token?.startsWith(API_TOKEN_PREFIX)) {
    if (hello.overlayKey || hello.creator)
      throw new HelloRefused(WS_CLOSE.badMessage, 'An API token hello takes no overlayKey or creator');
    return botGrant(db, hello.token, grant, add);
  }
  if (hello.token) {
    const principal = await resolveSession(db, config, hello.token);
    if (!principal) throw new HelloRefused(WS_CLOSE.unauthorized, 'Invalid or expired session');
    grant.session = { userId: principal.userId, sessionId: principal.sessionId };
    add(`wallet:${principal.userId}`, walletSpace(principal.userId), 'wallet');
    if (principal.role === 'creator') {
      const own = await findCreatorByUserId(db, principal.userId);
      if (own) {
        grant.creatorOf = own.userId;
        add(`creator:${own.userId}`, creatorSpace(own.userId), 'full');
        add(`payouts:${own.userId}`, payoutsSpace(own.userId), 'full');
      }
    }
    // The creators this user moderates: their chats in the moderator's view (a removal closes the socket).
    for (const moderated of await moderatedCreators(db, principal.userId)) {
      if (moderated.creatorId === grant.creatorOf) continue;
      add(`moderator:${moderated.creatorId}`, creatorSpace(moderated.creatorId), 'moderator');
    }
    let publicOf: string | null = null;
    if (hello.creator) {
      const found = await findCreatorByHandle(db, hello.creator);
      publicOf = found && !found.deletedAt ? found.userId : null; // a deleted creator's room is closed too
      if (!publicOf) throw new HelloRefused(WS_CLOSE.badMessage, 'Unknown creator');
    } else if (!grant.creatorOf) {
      const fallback = await findDefaultCreator(db, config);
      publicOf = fallback && !fallback.deletedAt ? fallback.userId : null;
    }
    if (publicOf && publicOf !== grant.creatorOf) add(`public:${publicOf}`, creatorSpace(publicOf), 'public');
  }
  if (hello.overlayKey) {
    const found = await findOverlay(hello.overlayKey, hello.since);
    if (!found) throw new HelloRefused(WS_CLOSE.unauthorized, 'Invalid overlay key');
    if (found.creator.suspendedAt) throw new HelloRefused(WS_CLOSE.creatorSuspended, 'Creator suspended');
    const { userId } = found.creator;
    grant.overlayOf = userId;
    add(`overlay:${userId}`, creatorSpace(userId), 'overlay');
    grant.versions[creatorSpace(userId)] = found.spaceVersion;
  }
  return grant;
}

/**
 * A bot's hello with a creator API token: the token must hold events:subscribe (else 4008), counts one request
 * against the token's own rate limit (shared by every instance with its HTTP calls; over it, 4029), and joins
 * only its creator's own room, with the view the creator's app has.
 */
async function botGrant(
  db: Executor,
  secret: string,
  grant: HelloGrant,
  add: (room: string, space: string, view: View) => void,
): Promise<HelloGrant> {
  const token = await resolveToken(db, secret);
  if (!token) throw new HelloRefused(WS_CLOSE.unauthorized, 'Invalid or revoked API token');
  if (!token.scopes.includes('events:subscribe'))
    throw new HelloRefused(WS_CLOSE.forbidden, 'This API token lacks the events:subscribe scope');
  try {
    await rateLimit(db, `api-token:${token.id}`, API_TOKEN_RATE_LIMIT);
  } catch (err) {
    if (err instanceof RateLimitedError)
      throw new HelloRefused(WS_CLOSE.tooManySockets, 'Too many requests for this API token');
    throw err;
  }
  grant.apiTokenId = token.id;
  add(`creator:${token.creator_id}`, creatorSpace(token.creator_id), 'full');
  return grant;
}
