import { setTimeout as delay } from 'node:timers/promises';
import type { PayoutSummary, ServerMessage } from '@shabaash/shared';
import type { Executor } from '../db/knex.ts';
import type { Logger } from '../logger.ts';
import { creatorChangesSince, walletChangesSince, type TipChangeRow } from '../modules/sync/changes.ts';
import type { Sender } from './sending.ts';
import { spaceVersion } from '../modules/sync/spaces.ts';
import { msg } from './messages.ts';
import { createdVersion, tipMessage, tipShapeKey, walletMessage } from './shaping.ts';
import { parseSpace, type Conn, type SpaceKind, type Sub, type View } from './types.ts';

/** One space tracked by this instance: its subscribers and the serial queue its pushes run on. */
export interface SpaceState {
  space: string;
  kind: SpaceKind;
  id: string;
  /** Every version ≤ published has been pushed to this instance's ready subscribers. */
  published: number;
  subs: Set<Conn>;
  /** The subscribers with the creator's own view ('full'): presence goes to them alone, without a scan. */
  full: Set<Conn>;
  chain: Promise<void>;
  queued: boolean;
  /** When the last push of this space started (ms): payouts spaces are pushed at most once a PAYOUTS_PUSH_MS. */
  pushedAt?: number;
}

/**
 * A payouts summary costs six reads and changes with every tip (the earnings trigger): a creator's payouts space is
 * pushed at most once a second, a burst of tips making one push of the newest summary. Pushing it per tip starved
 * the pool the send path needs (bench: send → socket p50 of seconds at 200 tips/s with creators' sockets open).
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
  /** Joins a socket to a space from `startVersion`; `currentVersion` seeds a space this instance did not track. */
  subscribe(conn: Conn, space: string, view: View, startVersion: number, currentVersion: number): void;
  unsubscribeAll(conn: Conn): void;
  /** The version of a space this instance has fully published: null when untracked or a push is queued. */
  publishedVersion(space: string): Promise<number | null>;
  /** Resolves when every queued push has run. */
  settled(): Promise<void>;
  /** Stops retries and new pushes. */
  stop(): void;
}

/**
 * Sends one changed tip row of `space` to the subscribers among `targets` that have not seen its version (ready
 * ones only, unless `includeUnready`), shaped per view and encoded once per shape.
 */
function deliverTipRow(
  sender: Sender,
  space: string,
  row: TipChangeRow,
  targets: Iterable<Conn>,
  includeUnready: boolean,
) {
  const version = Number(row.version);
  const created = createdVersion(row);
  const cache = new Map<string, Buffer | null>();
  for (const conn of targets) {
    const sub = conn.subs.get(space);
    if (!sub || (!sub.ready && !includeUnready) || version <= sub.lastSent) continue;
    const isNew = created > sub.lastSent;
    sub.lastSent = version;
    const key = tipShapeKey(sub.view, isNew);
    let data = cache.get(key);
    if (data === undefined) {
      const message = tipMessage(space, row, sub.view, isNew);
      data = message ? sender.encode(message) : null;
      cache.set(key, data);
    }
    if (data) sender.sendRaw(conn, data);
  }
}

export function createPublisher(deps: {
  db: Executor;
  log: Logger;
  sender: Sender;
  /** A creator's payouts summary (read after the space's version, so at least as new as it). */
  payoutSummary(creatorId: string): Promise<PayoutSummary>;
}): Publisher {
  const { db, log, sender } = deps;
  const states = new Map<string, SpaceState>();
  let stopped = false;

  /** A snapshot space (wallet balance, payouts summary): only its newest state matters, sent once per version. */
  function deliverSnapshot(
    space: string,
    version: number,
    message: () => ServerMessage,
    targets: Iterable<Conn>,
    includeUnready: boolean,
  ) {
    let data: Buffer | null = null;
    for (const conn of targets) {
      const sub = conn.subs.get(space);
      if (!sub || (!sub.ready && !includeUnready) || version <= sub.lastSent) continue;
      sub.lastSent = version;
      data ??= sender.encode(message());
      sender.sendRaw(conn, data);
    }
  }

  /** Pushes a snapshot space's state when it moved past `since`; returns the version pushed (or `since`). */
  async function publishSnapshot(
    state: SpaceState,
    since: number,
    targets: Iterable<Conn>,
    includeUnready: boolean,
  ): Promise<number> {
    if (state.kind === 'wallet') {
      const w = await walletChangesSince(db, state.id, since, 0);
      if (w.version <= since) return since;
      const message = () => walletMessage(state.space, w.version, w.balancePaise);
      deliverSnapshot(state.space, w.version, message, targets, includeUnready);
      return w.version;
    }
    if ((await spaceVersion(db, state.space)) <= since) return since;
    const summary = await deps.payoutSummary(state.id);
    const message = () => msg.payoutUpdate(state.space, summary.version, summary);
    deliverSnapshot(state.space, summary.version, message, targets, includeUnready);
    return Math.max(since, summary.version);
  }

  function enqueue(state: SpaceState, task: () => Promise<void>): void {
    state.chain = state.chain.then(task).catch((err: unknown) => {
      log.error({ err, space: state.space }, 'realtime publish failed; retrying');
      if (!stopped && states.get(state.space) === state) setTimeout(() => schedule(state), 500).unref();
    });
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
      await publish(state);
    });
  }

  /** Reads every version after `published` and pushes it to the ready subscribers. */
  async function publish(state: SpaceState): Promise<void> {
    if (state.kind !== 'creator') {
      state.published = await publishSnapshot(state, state.published, state.subs, false);
      return;
    }
    for (;;) {
      const changes = await creatorChangesSince(db, state.id, state.published, 500);
      for (const row of changes.rows) deliverTipRow(sender, state.space, row, state.subs, false);
      state.published = Math.max(state.published, changes.version);
      if (!changes.hasMore) return;
    }
  }

  /** Sends one socket what it missed in a space after `sub.lastSent`, then marks it ready for live pushes. */
  async function catchUp(conn: Conn, state: SpaceState, sub: Sub): Promise<void> {
    if (state.kind !== 'creator') {
      await publishSnapshot(state, sub.lastSent, [conn], true);
    } else {
      for (;;) {
        const changes = await creatorChangesSince(db, state.id, sub.lastSent, 500);
        for (const row of changes.rows) deliverTipRow(sender, state.space, row, [conn], true);
        if (!changes.hasMore) break;
        sub.lastSent = Math.max(sub.lastSent, changes.version);
      }
    }
    sub.ready = true;
  }

  return {
    states,
    schedule,
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
        else await catchUp(conn, s, sub);
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
    async settled() {
      await Promise.all([...states.values()].map((s) => s.chain));
    },
    stop() {
      stopped = true;
    },
  };
}
