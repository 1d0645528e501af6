import type { Executor } from './knex.ts';

/** Loads many keys in one round trip; a key missing from the map has no value (null). */
export type LoadMany<V> = (db: Executor, keys: string[]) => Promise<Map<string, V>>;

const LOWER_UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The two ids at the start of a lookup key `<uuid>:<uuid>` (lower-case, as loaders key them: a session and its
 * user, a creator and a viewer); null when they are not, so a malformed key finds nothing instead of failing the
 * whole batch.
 */
export function uuidPairOf(key: string): [string, string] | null {
  const [first = '', second = ''] = key.split(':');
  return LOWER_UUID_RE.test(first) && LOWER_UUID_RE.test(second) ? [first, second] : null;
}

/** The most keys one round trip carries. */
export const COALESCE_CAP = 256;

interface Waiting<V> {
  resolve: (value: V | null) => void;
  reject: (err: unknown) => void;
}

/**
 * Coalesced point reads (the read-side twin of the wallet tips' group commit in
 * modules/tips/sendBatcher.ts): a lookup that finds no round trip of this loader in flight goes at once, alone;
 * lookups that arrive while one is in flight wait for it to return and then go together, in ONE `loadMany`
 * call; equal keys share it. Nothing waits on a timer, so an idle server answers as fast as before and a busy
 * one makes one round trip per batch instead of one per lookup. A failed round trip fails only its own keys.
 */
export class Coalescer<V> {
  private queue = new Map<string, Array<Waiting<V>>>();
  private inFlight = false;

  constructor(
    private readonly db: Executor,
    private readonly loadMany: LoadMany<V>,
  ) {}

  load(key: string): Promise<V | null> {
    return new Promise((resolve, reject) => {
      const waiting = this.queue.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.queue.set(key, [{ resolve, reject }]);
      if (!this.inFlight || this.queue.size >= COALESCE_CAP) this.flush();
    });
  }

  private flush(): void {
    if (this.queue.size === 0) return;
    let batch = this.queue;
    if (batch.size > COALESCE_CAP) {
      batch = new Map([...this.queue].slice(0, COALESCE_CAP));
      for (const key of batch.keys()) this.queue.delete(key);
    } else {
      this.queue = new Map();
    }
    this.inFlight = true;
    void this.run(batch).finally(() => {
      this.inFlight = false;
      this.flush(); // what arrived meanwhile goes together, now
    });
  }

  private async run(batch: Map<string, Array<Waiting<V>>>): Promise<void> {
    try {
      const values = await this.loadMany(this.db, [...batch.keys()]);
      for (const [key, waiting] of batch) {
        const value = values.get(key) ?? null;
        for (const w of waiting) w.resolve(value);
      }
    } catch (err) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(err);
    }
  }
}

const coalescers = new WeakMap<Executor, Map<LoadMany<unknown>, Coalescer<unknown>>>();

/**
 * The coalesced lookup of `loadMany` on this database handle (one per API instance and loader). Inside a
 * transaction pass the transaction: it gets its own, so a lookup never reads outside its snapshot.
 */
export function coalesced<V>(db: Executor, loadMany: LoadMany<V>, key: string): Promise<V | null> {
  let ofDb = coalescers.get(db);
  if (!ofDb) {
    ofDb = new Map();
    coalescers.set(db, ofDb);
  }
  let coalescer = ofDb.get(loadMany as LoadMany<unknown>) as Coalescer<V> | undefined;
  if (!coalescer) {
    coalescer = new Coalescer(db, loadMany);
    ofDb.set(loadMany as LoadMany<unknown>, coalescer as Coalescer<unknown>);
  }
  return coalescer.load(key);
}
