import { setTimeout as delay } from 'node:timers/promises';
import type { PayoutSummary } from '@shabaash/shared';
import type { Executor } from '../db/knex.ts';
import type { Logger } from '../logger.ts';
import type { TipRecord } from '../domain/tip.ts';
import type { Sender } from './sending.ts';
import { createSpaceReads, type ReadSpace } from './spaceReads.ts';
import { parseSpace, type Conn, type Sub, type View } from './types.ts';

/** One space tracked by this instance: its subscribers and the serial queue its pushes run on. */
export interface SpaceState extends ReadSpace {
  /** The subscribers with the creator's own view ('full'): presence goes to them alone, without a scan. */
  full: Set<Conn>;
  chain: Promise<void>;
  queued: boolean;
  /** A read of what changed is running (`published` may be behind what it is reading). */
  reading?: boolean;
  /** When the last push of this space started (ms): payouts spaces are pushed at most once a PAYOUTS_PUSH_MS. */
  pushedAt?: number;
}

/**
 * A payouts summary changes with every tip (the earnings trigger): a creator's payouts space is pushed at most once
 * a second, a burst of tips making one push of the newest summary. Pushing it per tip (six reads each, then)
 * starved the pool the send path needs (bench: send → socket p50 of seconds at 200 tips/s with creators' sockets
 * open); a summary is one statement now, shared by the creators pushed at once (payouts/summary.repository.ts).
 */
const PAYOUTS_PUSH_MS = 1_000;

/**
 * The per-space publish queue: reads what changed after the last published version and pushes it to the
 * subscribers, serialised per space so messages go out in version order and never twice; a new subscriber's
 * catch-up runs on the same queue.
 */
export interface Publisher {
  /** Spaces with at least one subscriber on this instance. */
  readonly states: ReadonlyMap<string, SpaceState>;
  /** Queues one read-and-push of this space (coalesced while one is already queued). */
  schedule(state: SpaceState): void;
  /**
   * Queues a push of tips this instance committed in a creator space: sent from the records, without a read, when
   * they are the next versions of the space; otherwise (another change came between) as `schedule` does.
   */
  pushCommitted(state: SpaceState, tips: readonly TipRecord[]): void;
  /** Joins a socket to a space from `startVersion`; `currentVersion` seeds a space this instance did not track. */
  subscribe(conn: Conn, space: string, view: View, startVersion: number, currentVersion: number): void;
  unsubscribeAll(conn: Conn): void;
  /** The version of a space this instance has fully published: null when untracked or a push is queued. */
  publishedVersion(space: string): Promise<number | null>;
  /** The same without waiting: null when untracked, or while a read of its changes is queued or running. */
  heardVersion(space: string): number | null;
  /** Resolves when every queued push has run. */
  settled(): Promise<void>;
  /** Stops retries and new pushes. */
  stop(): void;
}

export function createPublisher(deps: {
  db: Executor;
  log: Logger;
  sender: Sender;
  /** A creator's payouts summary (read after the space's version, so at least as new as it). */
  payoutSummary(creatorId: string): Promise<PayoutSummary>;
}): Publisher {
  const { log } = deps;
  const reads = createSpaceReads(deps);
  const states = new Map<string, SpaceState>();
  let stopped = false;

  function enqueue(state: SpaceState, task: () => Promise<void>): void {
    state.chain = state.chain.then(task).catch((err: unknown) => {
      log.error({ err, space: state.space }, 'realtime publish failed; retrying');
      if (!stopped && states.get(state.space) === state) setTimeout(() => schedule(state), 500).unref();
    });
  }

  async function read(state: SpaceState): Promise<void> {
    state.reading = true;
    try {
      await reads.publish(state);
    } finally {
      state.reading = false;
    }
  }

  function schedule(state: SpaceState): void {
    if (state.queued || stopped) return;
    state.queued = true;
    const wait = state.kind === 'payouts' ? (state.pushedAt ?? 0) + PAYOUTS_PUSH_MS - Date.now() : 0;
    enqueue(state, async () => {
      // Waiting on the space's own queue keeps it `queued`, so the changes of the wait make this one push.
      if (wait > 0) await delay(wait, undefined, { ref: false });
      state.queued = false;
      if (stopped || states.get(state.space) !== state) return;
      state.pushedAt = Date.now();
      await read(state);
    });
  }

  function pushCommitted(state: SpaceState, tips: readonly TipRecord[]): void {
    // A read already queued starts after this commit, so it reads these tips too.
    if (state.queued || stopped) return;
    enqueue(state, async () => {
      if (stopped || states.get(state.space) !== state) return;
      if (!reads.pushTips(state, tips)) await read(state);
    });
  }

  return {
    states,
    schedule,
    pushCommitted,
    subscribe(conn, space, view, startVersion, currentVersion) {
      const parsed = parseSpace(space);
      if (!parsed) return;
      let state = states.get(space);
      if (!state) {
        state = {
          space,
          ...parsed,
          published: currentVersion,
          subs: new Set(),
          full: new Set(),
          chain: Promise.resolve(),
          queued: false,
        };
        states.set(space, state);
        // A change that committed after the hello read `currentVersion` may have been announced before this
        // instance tracked the space: read once, so `published` is what the database holds from here on.
        schedule(state);
      }
      const sub: Sub = { view, lastSent: startVersion, ready: false };
      conn.subs.set(space, sub);
      state.subs.add(conn);
      if (view === 'full') state.full.add(conn);
      const s = state;
      enqueue(s, async () => {
        if (conn.phase === 'closed') return;
        // Already holding everything this instance has published (a reconnect at the current version): no
        // read. Later versions reach it as a ready subscriber, since every publish runs after this on the queue.
        if (sub.lastSent >= s.published) sub.ready = true;
        else await reads.catchUp(conn, s, sub);
      });
    },
    unsubscribeAll(conn) {
      for (const space of conn.subs.keys()) {
        const state = states.get(space);
        if (!state) continue;
        state.subs.delete(conn);
        state.full.delete(conn);
        if (state.subs.size === 0) states.delete(space);
      }
      conn.subs.clear();
    },
    async publishedVersion(space) {
      const state = states.get(space);
      if (!state) return null;
      await state.chain;
      return state.queued ? null : state.published;
    },
    heardVersion(space) {
      const state = states.get(space);
      return state && !state.queued && !state.reading ? state.published : null;
    },
    async settled() {
      await Promise.all([...states.values()].map((s) => s.chain));
    },
    stop() {
      stopped = true;
    },
  };
}
