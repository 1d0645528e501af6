import type { Executor } from '../db/knex.ts';
import {
  findOverlayCreator,
  type CreatorRecord,
  type VersionedCreator,
} from '../modules/creators/creators.repository.ts';
import { creatorSpace } from '../modules/sync/spaces.ts';
import type { Hello } from './grants.ts';
import type { Publisher } from './publish.ts';

/** How long a cached overlay key is trusted without news (a lost NOTIFY cannot keep a rotated key alive longer). */
const TRUSTED_MS = 60_000;
/** Overlay keys remembered per instance (the oldest is dropped first). */
const MAX_KEYS = 20_000;

/**
 * The overlay keys this instance has looked up, key → live creator, so a storm of overlay hellos (a deploy
 * reconnects every overlay at once) costs no database round trip per hello.
 *
 * - A key is forgotten when it is rotated or its creator suspended (deleting an account rotates the key), on this
 *   instance (the RealtimeBus) or on another (its NOTIFY, remoteNews.ts), all of them when the LISTEN connection
 *   comes back (news was lost meanwhile), and each after TRUSTED_MS. While LISTEN is down the cache is not used.
 *   A hello welcomed between another instance's commit and its NOTIFY is closed by that NOTIFY, as a hello that
 *   read the database just before the commit always was (revocation.ts).
 * - The welcome's creator space version is the one this instance has published (publish.ts#heardVersion): every
 *   later version reaches the socket once, through the space's queue. It is used only when the hello asks for
 *   no later version of that space (a client ahead of what this instance heard reads the database, so a heard
 *   version never sends it back events it already had) and when no read of the space is queued or running.
 *   Otherwise, and on a miss, one coalesced read gives the creator and the database's version.
 */
export interface OverlayCreators {
  find(overlayKey: string, since: Hello['since']): Promise<VersionedCreator | null>;
  /** The creator's key was rotated, or the creator suspended or deleted. */
  forget(creatorId: string): void;
  /** Forgets every key (the LISTEN connection came back: news sent meanwhile was lost). */
  clear(): void;
}

/**
 * `publisher` gives the version of a space this instance has published (null while unknown or being read);
 * `isListening` whether this instance hears every other instance's news now (fanout.ts#isListening).
 */
export function createOverlayCreators(
  db: Executor,
  publisher: Pick<Publisher, 'heardVersion'>,
  isListening: () => boolean,
  now: () => number = Date.now,
): OverlayCreators {
  const byKey = new Map<string, { creator: CreatorRecord; until: number }>();
  /** Bumped by every forget and clear: a read that began before one is not cached. */
  let generation = 0;

  return {
    async find(overlayKey, since) {
      const hit = byKey.get(overlayKey);
      if (hit && hit.until > now() && isListening()) {
        const space = creatorSpace(hit.creator.userId);
        const heard = publisher.heardVersion(space);
        const asked = since?.[space];
        if (heard !== null && (asked === undefined || asked <= heard))
          return { creator: hit.creator, spaceVersion: heard };
      }
      const began = generation;
      const found = await findOverlayCreator(db, overlayKey);
      if (found && !found.creator.suspendedAt && began === generation && isListening()) {
        byKey.delete(overlayKey);
        byKey.set(overlayKey, { creator: found.creator, until: now() + TRUSTED_MS });
        if (byKey.size > MAX_KEYS) byKey.delete(byKey.keys().next().value!);
      }
      return found;
    },
    forget(creatorId) {
      generation++;
      for (const [key, entry] of byKey) if (entry.creator.userId === creatorId) byKey.delete(key);
    },
    clear() {
      generation++;
      byKey.clear();
    },
  };
}
