import type { Executor } from '../../db/knex.ts';
import { PreparedJson } from '../../http/preparedJson.ts';
import { currentVersions } from './spaces.ts';

/** A read as served: its response body, serialised once, with its ETag and its compressed forms (made once). */
export type CachedRead<T> = PreparedJson<T>;

interface Entry {
  version: number;
  read: Promise<CachedRead<unknown>>;
}

/** Reads kept per instance (least recently used dropped first). */
export const READ_CACHE_ENTRIES = 20_000;

/**
 * Reads that change only when a space's version changes, kept in memory per API instance ("reads at
 * memory speed"). Each read first asks the database for the space's CURRENT version (one indexed point read,
 * shared by every concurrent read through db/coalesce.ts), then answers from memory when it holds the read
 * computed at that version. Asking the database, not trusting the version the realtime hub last heard by
 * NOTIFY, is what makes it exact across instances: a NOTIFY arrives some milliseconds after the commit, and a
 * read in that gap on another instance would serve the old value. The version is read BEFORE the body is
 * computed, so a body stored under version v reflects v or later, and no read serves it once v is passed.
 *
 * What does not bump the space (a sender renaming themselves, a new profile picture) shows at the space's next
 * version, as it does on the sockets, which never re-push a tip for it.
 */
export class VersionedReadCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = READ_CACHE_ENTRIES) {}

  async read<T>(db: Executor, key: string, space: string, compute: () => Promise<T>): Promise<CachedRead<T>> {
    const version = (await currentVersions(db, [space]))[space] ?? 0;
    return this.readAt(key, version, compute);
  }

  /**
   * The read of `key` at `version`, a space version the caller read from the database BEFORE calling (for example
   * in the statement that found the creator: creators.repository.ts#findCreatorWithVersion), never one heard by
   * NOTIFY: from memory when held at that version, else computed and kept.
   */
  readAt<T>(key: string, version: number, compute: () => Promise<T>): Promise<CachedRead<T>> {
    return this.readPreparedAt(key, version, () => compute().then((body) => new PreparedJson(body)));
  }

  /**
   * readAt for a compute that answers the served read itself, so that many keys can hold one read (one body, one
   * ETag, its compressed forms made once): for example every viewer whose recent tips are the creator's public list.
   */
  readPreparedAt<T>(
    key: string,
    version: number,
    compute: () => Promise<CachedRead<T>>,
  ): Promise<CachedRead<T>> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, hit);
      return hit.read as Promise<CachedRead<T>>;
    }
    const read = compute();
    if (hit && hit.version > version) return read; // a slower read of an older version never replaces a newer one
    const entry = { version, read };
    this.entries.delete(key);
    this.entries.set(key, entry);
    read.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key); // a failed read is not kept
    });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return read;
  }

  size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<Executor, VersionedReadCache>();

/** The read cache of this API instance (one per database handle). */
export function readCacheOf(db: Executor): VersionedReadCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new VersionedReadCache();
    caches.set(db, cache);
  }
  return cache;
}
