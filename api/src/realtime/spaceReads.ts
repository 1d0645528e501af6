import type { PayoutSummary, ServerMessage } from '@shabaash/shared';
import type { Executor } from '../db/knex.ts';
import type { TipRecord } from '../domain/tip.ts';
import { creatorChangesSince, walletChangesSince } from '../modules/sync/changes.ts';
import { observeTipDelivery } from '../metrics/delivery.ts';
import { msg } from './messages.ts';
import type { Sender } from './sending.ts';
import { createdVersion, tipMessage, tipShapeKey, walletMessage } from './shaping.ts';
import type { Conn, SpaceKind, Sub } from './types.ts';

/** What the reads need of a tracked space (publish.ts#SpaceState). */
export interface ReadSpace {
  space: string;
  kind: SpaceKind;
  id: string;
  /** Every version ≤ published has been pushed to this instance's ready subscribers. */
  published: number;
  subs: Set<Conn>;
}

/**
 * The read-and-deliver half of the publish queue: reads what changed in a space after a version and sends it,
 * shaped per view and encoded once per shape, either live to the space's ready subscribers or as one socket's
 * catch-up. It keeps no queue of its own: publish.ts runs every call on the space's serial queue.
 */
export interface SpaceReads {
  /** Reads every version after `state.published`, pushes it to the ready subscribers and advances `published`. */
  publish(state: ReadSpace): Promise<void>;
  /** Sends one socket what it missed after `sub.lastSent`, then marks it ready for live pushes. */
  catchUp(conn: Conn, state: ReadSpace, sub: Sub): Promise<void>;
  /**
   * Pushes committed tips of a creator space without reading them back, as `publish` would have read them, when
   * each is the next version after `state.published` (tips at or below it were already published). False, with
   * nothing sent from the first tip on, when a version is missing between: the caller reads instead.
   */
  pushTips(state: ReadSpace, tips: readonly TipRecord[]): boolean;
}

/** Tip rows per read of a creator space (a longer backlog is read in pages). */
const PAGE = 500;

export function createSpaceReads(deps: {
  db: Executor;
  sender: Sender;
  /** A creator's payouts summary (read after the space's version, so at least as new as it). */
  payoutSummary(creatorId: string): Promise<PayoutSummary>;
}): SpaceReads {
  const { db, sender } = deps;

  /** Pushes a snapshot space's state when it moved past `since`; returns the version pushed (or `since`). */
  async function publishSnapshot(
    state: ReadSpace,
    since: number,
    targets: Iterable<Conn>,
    includeUnready: boolean,
  ): Promise<number> {
    if (state.kind === 'wallet') {
      const w = await walletChangesSince(db, state.id, since, 0);
      if (w.version <= since) return since;
      const message = () => walletMessage(state.space, w.version, w.balancePaise);
      deliverSnapshot(sender, state.space, w.version, message, targets, includeUnready);
      return w.version;
    }
    // One statement with its version (payouts/summary.repository.ts): nothing to send when it is not newer.
    const summary = await deps.payoutSummary(state.id);
    if (summary.version <= since) return since;
    const message = () => msg.payoutUpdate(state.space, summary.version, summary);
    deliverSnapshot(sender, state.space, summary.version, message, targets, includeUnready);
    return summary.version;
  }

  return {
    async publish(state) {
      if (state.kind !== 'creator') {
        state.published = await publishSnapshot(state, state.published, state.subs, false);
        return;
      }
      for (;;) {
        const changes = await creatorChangesSince(db, state.id, state.published, PAGE);
        for (const tip of changes.rows) deliverTip(sender, state.space, tip, state.subs, false);
        state.published = Math.max(state.published, changes.version);
        if (!changes.hasMore) return;
      }
    },
    pushTips(state, tips) {
      if (state.kind !== 'creator') return false;
      const ordered = [...tips].sort((a, b) => a.version - b.version);
      for (const tip of ordered) {
        if (tip.version <= state.published) continue;
        if (tip.version !== state.published + 1) return false;
        deliverTip(sender, state.space, tip, state.subs, false);
        state.published = tip.version;
      }
      return true;
    },
    async catchUp(conn, state, sub) {
      if (state.kind !== 'creator') {
        await publishSnapshot(state, sub.lastSent, [conn], true);
      } else {
        for (;;) {
          const changes = await creatorChangesSince(db, state.id, sub.lastSent, PAGE);
          for (const tip of changes.rows) deliverTip(sender, state.space, tip, [conn], true);
          if (!changes.hasMore) break;
          sub.lastSent = Math.max(sub.lastSent, changes.version);
        }
      }
      sub.ready = true;
    },
  };
}

/**
 * Sends one changed tip of `space` to the subscribers among `targets` that have not seen its version (ready
 * ones only, unless `includeUnready`), shaped per view and encoded once per shape.
 */
function deliverTip(
  sender: Sender,
  space: string,
  tip: TipRecord,
  targets: Iterable<Conn>,
  includeUnready: boolean,
) {
  const { version } = tip;
  const created = createdVersion(tip);
  const cache = new Map<string, Buffer | null>();
  // A live push of a new tip to a creator's own socket: its send → socket latency is observed once.
  let observe = !includeUnready;
  for (const conn of targets) {
    const sub = conn.subs.get(space);
    if (!sub || (!sub.ready && !includeUnready) || version <= sub.lastSent) continue;
    const isNew = created > sub.lastSent;
    sub.lastSent = version;
    const key = tipShapeKey(sub.view, isNew);
    let data = cache.get(key);
    if (data === undefined) {
      const message = tipMessage(space, tip, sub.view, isNew);
      data = message ? sender.encode(message) : null;
      cache.set(key, data);
    }
    if (!data) continue;
    sender.sendRaw(conn, data);
    if (observe && isNew && sub.view === 'full') {
      observe = false;
      observeTipDelivery(tip.createdAt);
    }
  }
}

/** A snapshot space (wallet balance, payouts summary): only its newest state matters, sent once per version. */
function deliverSnapshot(
  sender: Sender,
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
