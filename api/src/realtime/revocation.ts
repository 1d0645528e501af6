import { WS_CLOSE } from '@shabaash/shared';
import type { SessionClaims } from '../modules/sessions/sessions.service.ts';
import type { Sender } from './sending.ts';
import { creatorSpace } from '../modules/sync/spaces.ts';
import type { Conn } from './types.ts';

/** What a hello was granted that a revocation can end: its session, its overlay key's creator, its API token. */
export interface Revocable {
  session: SessionClaims | null;
  overlayOf: string | null;
  apiTokenId: string | null;
  /** The spaces granted and their view (a moderator's creator spaces end with a removal). */
  spaces?: ReadonlyMap<string, string>;
}

/**
 * Closes sockets whose session was revoked or whose overlay key was rotated, including hellos that were
 * authenticating when the change arrived (they check the log kept while any hello is in flight).
 */
export interface Revocation {
  /** A hello starts authenticating; returns the mark to pass to `revokedSince`. */
  beginAuth(): number;
  /** That hello is done (the log is dropped when none is in flight). */
  endAuth(): void;
  /** True when a revocation or rotation logged since `mark` applies to this grant. */
  revokedSince(mark: number, grant: Revocable): boolean;
  /** Closes this instance's sockets signed in with a revoked session (all of the user's when sessionId is null). */
  closeRevokedSessions(userId: string, sessionId: string | null): void;
  /** Closes this instance's overlay sockets of a creator whose overlay key was rotated. */
  closeRotatedOverlays(creatorId: string): void;
  /** Closes this instance's overlay sockets of a creator who was suspended (WS_CLOSE.creatorSuspended). */
  closeSuspendedOverlays(creatorId: string): void;
  /** True when a moderator removal logged since `mark` takes away a creator this grant moderates. */
  moderatorRemovedSince(mark: number, grant: Revocable): boolean;
  /** True when a suspension logged since `mark` applies to this grant's overlay key. */
  suspendedSince(mark: number, grant: Revocable): boolean;
  /** Closes this instance's bot sockets opened with a creator API token that was revoked. */
  closeRevokedApiTokens(tokenId: string): void;
  /** Closes this instance's sockets of a user granted a creator's chats as their moderator, now removed. */
  closeRemovedModerators(creatorId: string, userId: string): void;
}

/** True when a revocation of `userId`'s session `sessionId` (every session when null) ends this session. */
export function sessionRevoked(
  session: SessionClaims | null,
  userId: string,
  sessionId: string | null,
): boolean {
  return (
    session !== null && session.userId === userId && (sessionId === null || session.sessionId === sessionId)
  );
}

export function createRevocation(deps: {
  conns: Iterable<Conn>;
  sender: Pick<Sender, 'refuse'>;
}): Revocation {
  const changedDuringAuth: Array<
    | { userId: string; sessionId: string | null }
    | { rotated: string }
    | { apiToken: string }
    | { suspended: string }
    | { moderator: string; of: string }
  > = [];
  let authenticating = 0;
  return {
    beginAuth() {
      authenticating++;
      return changedDuringAuth.length;
    },
    endAuth() {
      authenticating--;
      if (authenticating === 0) changedDuringAuth.length = 0;
    },
    revokedSince(mark, grant) {
      return changedDuringAuth
        .slice(mark)
        .some((entry) =>
          'rotated' in entry
            ? grant.overlayOf === entry.rotated
            : 'apiToken' in entry
              ? grant.apiTokenId === entry.apiToken
              : 'userId' in entry && sessionRevoked(grant.session, entry.userId, entry.sessionId),
        );
    },
    moderatorRemovedSince(mark, grant) {
      return changedDuringAuth
        .slice(mark)
        .some(
          (entry) =>
            'moderator' in entry &&
            grant.session?.userId === entry.moderator &&
            grant.spaces?.get(creatorSpace(entry.of)) === 'moderator',
        );
    },
    suspendedSince(mark, grant) {
      return changedDuringAuth
        .slice(mark)
        .some((entry) => 'suspended' in entry && grant.overlayOf === entry.suspended);
    },
    closeRevokedSessions(userId, sessionId) {
      if (authenticating > 0) changedDuringAuth.push({ userId, sessionId });
      for (const conn of deps.conns) {
        if (sessionRevoked(conn.session, userId, sessionId))
          deps.sender.refuse(conn, WS_CLOSE.unauthorized, 'Session ended');
      }
    },
    closeRotatedOverlays(creatorId) {
      if (authenticating > 0) changedDuringAuth.push({ rotated: creatorId });
      for (const conn of deps.conns) {
        if (conn.overlayOf === creatorId)
          deps.sender.refuse(conn, WS_CLOSE.unauthorized, 'Overlay key rotated');
      }
    },
    closeSuspendedOverlays(creatorId) {
      if (authenticating > 0) changedDuringAuth.push({ suspended: creatorId });
      for (const conn of deps.conns) {
        if (conn.overlayOf === creatorId)
          deps.sender.refuse(conn, WS_CLOSE.creatorSuspended, 'Creator suspended');
      }
    },
    closeRemovedModerators(creatorId, userId) {
      if (authenticating > 0) changedDuringAuth.push({ moderator: userId, of: creatorId });
      const space = creatorSpace(creatorId);
      for (const conn of deps.conns) {
        if (conn.userId === userId && conn.subs.get(space)?.view === 'moderator')
          deps.sender.refuse(conn, WS_CLOSE.moderatorRemoved, 'Moderator removed');
      }
    },
    closeRevokedApiTokens(tokenId) {
      if (authenticating > 0) changedDuringAuth.push({ apiToken: tokenId });
      for (const conn of deps.conns) {
        if (conn.apiTokenId === tokenId) deps.sender.refuse(conn, WS_CLOSE.unauthorized, 'API token revoked');
      }
    },
  };
}
