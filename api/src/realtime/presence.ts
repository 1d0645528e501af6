import { creatorSpace } from '../modules/sync/spaces.ts';
import { msg } from './messages.ts';
import type { Publisher } from './publish.ts';
import type { Sender } from './sending.ts';
import type { Conn } from './types.ts';

/**
 * Overlay sockets of a creator: connected, shown by OBS (`showing`), and of those allowed to play sound (`heard`);
 * alert receipts warn the creator when an overlay is connected but not showing or not heard.
 */
export interface OverlayCounts {
  count: number;
  showing: number;
  heard: number;
}

const NONE: OverlayCounts = { count: 0, showing: 0, heard: 0 };

const add = (a: OverlayCounts, b: OverlayCounts, sign = 1): OverlayCounts => ({
  count: a.count + sign * b.count,
  showing: a.showing + sign * b.showing,
  heard: a.heard + sign * b.heard,
});

const same = (a: OverlayCounts, b: OverlayCounts) =>
  a.count === b.count && a.showing === b.showing && a.heard === b.heard;

/** What one overlay socket counts for: one connected overlay, showing and heard as its last overlay:state said. */
export function countsOf(state: { visible: boolean; audible: boolean }): OverlayCounts {
  return { count: 1, showing: state.visible ? 1 : 0, heard: state.visible && state.audible ? 1 : 0 };
}

/**
 * Overlay presence summed over the instances: this instance's own overlay sockets per creator plus the counts the
 * other instances announce (each expires after three missed refreshes, for an instance that died silently).
 * The creator's own sockets get `overlay:presence` whenever the total moves.
 */
export interface Presence {
  /** Overlays connected for a creator across every instance. */
  total(creatorId: string): OverlayCounts;
  /** This instance's overlay counts for a creator (what it announces). */
  local(creatorId: string): OverlayCounts;
  /** Creators with at least one overlay on this instance. */
  localCreators(): string[];
  /** An overlay socket of this creator opened (sign +1, its counts) or closed (-1), or its state moved (a difference). */
  change(creatorId: string, delta: OverlayCounts, sign?: 1 | -1): void;
  /** Another instance announced its counts for a creator (count 0 = none left there). */
  setRemote(creatorId: string, instance: string, counts: OverlayCounts): void;
  /** Drops the counts of instances that missed three refreshes. */
  expireRemote(): void;
  /** Sends the current total to the creator's own sockets (or just `only`). */
  push(creatorId: string, only?: Conn): void;
}

export function createPresence(deps: {
  publisher: Pick<Publisher, 'states'>;
  sender: Sender;
  refreshMs: number;
  /** This instance's count for a creator changed: announce it to the other instances. */
  announce(creatorId: string): void;
  now?: () => number;
}): Presence {
  const now = deps.now ?? Date.now;
  const localCounts = new Map<string, OverlayCounts>();
  /** Overlays of other instances per creator: instance id → counts and when they were last announced. */
  const remote = new Map<string, Map<string, { counts: OverlayCounts; at: number }>>();

  function total(creatorId: string): OverlayCounts {
    let sum = localCounts.get(creatorId) ?? NONE;
    for (const entry of remote.get(creatorId)?.values() ?? []) sum = add(sum, entry.counts);
    return sum;
  }

  function push(creatorId: string, only?: Conn): void {
    const state = deps.publisher.states.get(creatorSpace(creatorId));
    // No socket of the creator's own here (an overlay storm): nothing to encode.
    if (!state || (!only && state.full.size === 0)) return;
    const data = deps.sender.encode(msg.overlayPresence(total(creatorId)));
    for (const conn of only ? [only] : state.full) {
      if (conn.subs.get(state.space)?.view === 'full') deps.sender.sendRaw(conn, data);
    }
  }

  function setRemote(creatorId: string, instance: string, counts: OverlayCounts): void {
    const before = total(creatorId);
    let byInstance = remote.get(creatorId);
    if (counts.count > 0) {
      if (!byInstance) remote.set(creatorId, (byInstance = new Map()));
      byInstance.set(instance, { counts, at: now() });
    } else if (byInstance) {
      byInstance.delete(instance);
      if (byInstance.size === 0) remote.delete(creatorId);
    }
    if (!same(total(creatorId), before)) push(creatorId);
  }

  return {
    total,
    local: (creatorId) => localCounts.get(creatorId) ?? NONE,
    localCreators: () => [...localCounts.keys()],
    change(creatorId, delta, sign = 1) {
      const next = add(localCounts.get(creatorId) ?? NONE, delta, sign);
      if (next.count <= 0) localCounts.delete(creatorId);
      else localCounts.set(creatorId, next);
      push(creatorId);
      deps.announce(creatorId);
    },
    setRemote,
    expireRemote() {
      const oldest = now() - 3 * deps.refreshMs;
      for (const [creatorId, byInstance] of remote) {
        for (const [instance, entry] of byInstance) {
          if (entry.at < oldest) setRemote(creatorId, instance, NONE);
        }
      }
    },
    push,
  };
}
