import { creatorSpace } from '../modules/sync/spaces.ts';
import { msg } from './messages.ts';
import type { Publisher } from './publish.ts';
import type { Sender } from './sending.ts';
import type { Conn } from './types.ts';

/**
 * Overlay presence summed over the instances: this instance's own overlay sockets per creator plus the counts the
 * other instances announce (each expires after three missed refreshes, for an instance that died silently).
 * The creator's own sockets get `overlay:presence` whenever the total moves.
 */
export interface Presence {
  /** Overlays connected for a creator across every instance. */
  total(creatorId: string): number;
  /** This instance's overlay count for a creator (what it announces). */
  local(creatorId: string): number;
  /** Creators with at least one overlay on this instance. */
  localCreators(): string[];
  /** An overlay socket of this creator opened (+1) or closed (-1) here. */
  change(creatorId: string, delta: number): void;
  /** Another instance announced its count for a creator (0 = none left there). */
  setRemote(creatorId: string, instance: string, count: number): void;
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
  const localCounts = new Map<string, number>();
  /** Overlays of other instances per creator: instance id → count and when it was last announced. */
  const remote = new Map<string, Map<string, { count: number; at: number }>>();

  function total(creatorId: string): number {
    let sum = localCounts.get(creatorId) ?? 0;
    for (const entry of remote.get(creatorId)?.values() ?? []) sum += entry.count;
    return sum;
  }

  function push(creatorId: string, only?: Conn): void {
    const state = deps.publisher.states.get(creatorSpace(creatorId));
    if (!state) return;
    const data = deps.sender.encode(msg.overlayPresence(total(creatorId)));
    for (const conn of only ? [only] : state.full) {
      if (conn.subs.get(state.space)?.view === 'full') deps.sender.sendRaw(conn, data);
    }
  }

  function setRemote(creatorId: string, instance: string, count: number): void {
    const before = total(creatorId);
    let byInstance = remote.get(creatorId);
    if (count > 0) {
      if (!byInstance) remote.set(creatorId, (byInstance = new Map()));
      byInstance.set(instance, { count, at: now() });
    } else if (byInstance) {
      byInstance.delete(instance);
      if (byInstance.size === 0) remote.delete(creatorId);
    }
    if (total(creatorId) !== before) push(creatorId);
  }

  return {
    total,
    local: (creatorId) => localCounts.get(creatorId) ?? 0,
    localCreators: () => [...localCounts.keys()],
    change(creatorId, delta) {
      const next = (localCounts.get(creatorId) ?? 0) + delta;
      if (next <= 0) localCounts.delete(creatorId);
      else localCounts.set(creatorId, next);
      push(creatorId);
      deps.announce(creatorId);
    },
    setRemote,
    expireRemote() {
      const oldest = now() - 3 * deps.refreshMs;
      for (const [creatorId, byInstance] of remote) {
        for (const [instance, entry] of byInstance) {
          if (entry.at < oldest) setRemote(creatorId, instance, 0);
        }
      }
    },
    push,
  };
}
