import { WS_CLOSE } from '@shabaash/shared';
import type { Config } from '../config.ts';
import type { Executor } from '../db/knex.ts';
import type { Logger } from '../logger.ts';
import { currentVersions } from '../modules/sync/spaces.ts';
import { grantFor, HelloRefused, type Hello, type HelloGrant, type OverlayLookup } from './grants.ts';
import { msg } from './messages.ts';
import { countsOf, type Presence } from './presence.ts';
import type { Publisher } from './publish.ts';
import { createReplayThrottle } from './replayThrottle.ts';
import type { Revocation } from './revocation.ts';
import type { Sender } from './sending.ts';
import type { Conn } from './types.ts';

/**
 * Answers a socket's one hello: grants its rooms, reads their versions, refuses it when its session or overlay
 * key was revoked while it authenticated, when its account holds too many sockets (4029) or has asked too many
 * full catch-ups lately (4030), welcomes it, then subscribes it from the versions it asked for.
 */
export function createHelloHandler(parts: {
  db: Executor;
  config: Config;
  log: Logger;
  sender: Sender;
  publisher: Publisher;
  presence: Presence;
  revocation: Revocation;
  /** An overlay key's creator and space version (overlayCreators.ts). */
  findOverlay: OverlayLookup;
  isClosed(): boolean;
  /** Welcomed sockets of this instance per account (`user:<id>`, `api-token:<id>`), for the caps. */
  socketsOf(account: string): number;
  /** Records a socket just welcomed. */
  welcomed(conn: Conn): void;
  /** An overlay socket joined its creator's room (alert receipts: unacknowledged alerts are shown to it again). */
  overlayJoined(conn: Conn): void;
  maxSocketsPerUser: number;
  maxSocketsPerApiToken: number;
  /** Budgets of full catch-ups (replayThrottle.ts), and how many versions behind counts as one. */
  replays: { perUserPerMinute: number; perIpPerMinute: number; versions: number };
}): (conn: Conn, hello: Hello) => Promise<void> {
  const { db, config, log, sender, publisher, presence, revocation } = parts;
  const throttle = createReplayThrottle();

  /** Whether this hello replays some space from 0, or from more than `replays.versions` behind. */
  function isFullReplay(grant: HelloGrant, versions: Record<string, number>, since: Hello['since']): boolean {
    for (const space of grant.spaces.keys()) {
      const current = versions[space] ?? 0;
      const asked = since?.[space];
      if (asked === undefined || asked > current || asked === current) continue;
      if (asked === 0 || current - asked > parts.replays.versions) return true;
    }
    return false;
  }

  /** Subscribes a welcomed socket to its granted spaces and counts it in presence. */
  function join(
    conn: Conn,
    grant: HelloGrant,
    versions: Record<string, number>,
    since: Hello['since'],
  ): void {
    for (const [space, view] of grant.spaces) {
      const current = versions[space] ?? 0;
      const asked = since?.[space];
      // A client ahead of the server (e.g. a reset database) starts from now; the welcome versions tell it to reset.
      const start = asked !== undefined && asked <= current ? asked : current;
      publisher.subscribe(conn, space, view, start, current);
    }
    if (grant.creatorOf) presence.push(grant.creatorOf, conn);
    if (grant.overlayOf) {
      conn.overlayOf = grant.overlayOf;
      presence.change(grant.overlayOf, countsOf(conn.overlayState));
      parts.overlayJoined(conn);
    }
  }

  return async function onHello(conn, hello) {
    conn.phase = 'auth';
    let grant: HelloGrant;
    let versions: Record<string, number>;
    let revoked: boolean;
    let suspended: boolean;
    let removed: boolean;
    const mark = revocation.beginAuth();
    try {
      grant = await grantFor(db, config, hello, parts.findOverlay);
      versions = await versionsOf(db, grant);
      revoked = revocation.revokedSince(mark, grant);
      suspended = revocation.suspendedSince(mark, grant);
      removed = revocation.moderatorRemovedSince(mark, grant);
    } catch (err) {
      if (err instanceof HelloRefused) return sender.refuse(conn, err.code, err.message);
      log.error({ err }, 'hello failed');
      return sender.refuse(conn, 1011, 'Server error');
    } finally {
      revocation.endAuth();
    }
    if (conn.phase !== 'auth' || parts.isClosed()) return;
    if (revoked) return sender.refuse(conn, WS_CLOSE.unauthorized, revokedReason(grant));
    if (suspended) return sender.refuse(conn, WS_CLOSE.creatorSuspended, 'Creator suspended');
    if (removed) return sender.refuse(conn, WS_CLOSE.moderatorRemoved, 'Moderator removed');
    const userId = grant.session?.userId ?? null;
    if (userId && parts.socketsOf(`user:${userId}`) >= parts.maxSocketsPerUser)
      return sender.refuse(conn, WS_CLOSE.tooManySockets, 'Too many connections for this account');
    const tokenId = grant.apiTokenId;
    if (tokenId && parts.socketsOf(`api-token:${tokenId}`) >= parts.maxSocketsPerApiToken)
      return sender.refuse(conn, WS_CLOSE.tooManySockets, 'Too many connections for this API token');
    if (isFullReplay(grant, versions, hello.since)) {
      // The account's own budget first; the address budget is a generous ceiling (many viewers share one NAT).
      const account = userId ?? grant.overlayOf ?? (tokenId && `api-token:${tokenId}`);
      const keys: Array<[string, number]> = account
        ? [[`account:${account}`, parts.replays.perUserPerMinute]]
        : [];
      keys.push([`ip:${conn.ip}`, parts.replays.perIpPerMinute]);
      if (!throttle.take(keys))
        return sender.refuse(conn, WS_CLOSE.replayThrottled, 'Too many full catch-ups; reconnect later');
    }
    conn.phase = 'ready';
    conn.session = grant.session;
    conn.userId = userId;
    conn.apiTokenId = tokenId;
    conn.kind = grant.overlayOf ? 'overlay' : tokenId ? 'bot' : grant.creatorOf ? 'creator' : 'viewer';
    parts.welcomed(conn);
    sender.send(conn, msg.welcome(grant.rooms, versions));
    join(conn, grant, versions, hello.since);
  };
}

/** The current versions of the granted spaces: those the grant read with it, and one shared read of the rest. */
async function versionsOf(db: Executor, grant: HelloGrant): Promise<Record<string, number>> {
  const unread = [...grant.spaces.keys()].filter((space) => !(space in grant.versions));
  if (unread.length === 0) return grant.versions;
  return { ...grant.versions, ...(await currentVersions(db, unread)) };
}

function revokedReason(grant: HelloGrant): string {
  if (grant.apiTokenId) return 'API token revoked';
  return grant.session ? 'Session ended' : 'Overlay key rotated';
}
