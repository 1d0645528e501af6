import { useSyncExternalStore } from 'react';

/** What the offline indicator shows: the browser's online flag and whether the API last answered. */
export interface Connectivity {
  online: boolean;
  apiReachable: boolean;
}

let current: Connectivity = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
  apiReachable: true,
};
const listeners = new Set<() => void>();

function set(next: Partial<Connectivity>): void {
  const merged = { ...current, ...next };
  if (merged.online === current.online && merged.apiReachable === current.apiReachable) return;
  current = merged;
  for (const listener of listeners) listener();
}

/** Records whether the API answered (any HTTP status) or could not be reached (network failure). */
export function reportApiReachable(reachable: boolean): void {
  set({ apiReachable: reachable });
}

/** The current connectivity snapshot. */
export function getConnectivity(): Connectivity {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const update = () => set({ online: navigator.onLine !== false });
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  update();
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
}

/** React hook: re-renders when the browser goes on/offline or the API becomes (un)reachable. */
export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribe, getConnectivity, getConnectivity);
}
