import { useEffect, useSyncExternalStore } from 'react';
import type { ServerMessage } from '@shabaash/shared';
import { applyRealtimeMessage, requestPull } from '../sync/pull.ts';
import { subscribeAppSocket } from './appSocket.ts';
import type { RealtimeStatus } from './socket.ts';

let status: RealtimeStatus = 'offline';
let unsubscribe: (() => void) | null = null;
let holders = 0;
const listeners = new Set<() => void>();

function setStatus(next: RealtimeStatus): void {
  const previous = status;
  status = next;
  // Every (re)connect may have missed messages: fetch what changed since the stored versions.
  if (next === 'connected' && previous !== 'connected') requestPull();
  if (next !== previous) for (const listener of listeners) listener();
}

function onMessage(message: ServerMessage): void {
  applyRealtimeMessage(message).catch((error: unknown) => console.error('realtime → mirror failed', error));
}

/**
 * Feeds the app's shared realtime connection into the offline mirror while held: every message goes through
 * `applyRealtimeMessage` (once, however many screens hold the bridge) and every (re)connect pulls. Returns release.
 */
export function holdRealtimeSync(): () => void {
  holders += 1;
  if (!unsubscribe) unsubscribe = subscribeAppSocket(onMessage, setStatus);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0 && unsubscribe) {
      const stop = unsubscribe;
      unsubscribe = null;
      stop();
      setStatus('offline');
    }
  };
}

/** The bridge's connection status (for "Reconnecting to live updates…"). */
export function getRealtimeSyncStatus(): RealtimeStatus {
  return status;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React hook: holds the realtime → mirror bridge while mounted and returns the connection status. */
export function useRealtimeSync(): RealtimeStatus {
  useEffect(() => holdRealtimeSync(), []);
  return useSyncExternalStore(subscribe, getRealtimeSyncStatus, getRealtimeSyncStatus);
}
