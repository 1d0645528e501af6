import { liveQuery } from 'dexie';
import { db } from './db.ts';
import { kickReplay, outboxSize, setReplayGate } from './outbox.ts';
import { requestPull } from './pull.ts';

export * from './db.ts';
export * from './pull.ts';
export * from './outbox.ts';
export * from './hooks.ts';
export * from './connectivity.ts';

const LOCK_NAME = 'shabaash-sync';
let persistRequested = false;

/** Asks once for persistent storage so the browser does not evict the offline mirror under pressure. */
export function requestPersistentStorage(): void {
  if (persistRequested) return;
  persistRequested = true;
  void navigator.storage?.persist?.().catch(() => undefined);
}

/**
 * Starts the offline sync for this tab: pulls on open, on `online` and when the page becomes visible; one tab
 * (the Web Locks holder of 'shabaash-sync', or every tab where Web Locks are missing) replays the outbox whenever
 * it changes and when the connection returns. Never uses Background Sync. Returns a stop function.
 */
export function startSync(): () => void {
  requestPersistentStorage();
  let leader = false;
  let release: (() => void) | null = null;
  const controller = new AbortController();

  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) {
    setReplayGate(() => leader);
    locks
      .request(LOCK_NAME, { signal: controller.signal }, () => {
        leader = true;
        kickReplay();
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      })
      .catch(() => undefined);
  } else {
    leader = true;
    setReplayGate(() => true);
  }

  const onOnline = () => {
    requestPull();
    kickReplay();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') {
      requestPull();
      kickReplay();
    }
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  // Another tab may queue actions: the leader notices through the shared database.
  const subscription = liveQuery(() => db.outbox.count()).subscribe({
    next: (count) => {
      if (count > 0) kickReplay();
    },
    error: () => undefined,
  });

  requestPull();
  kickReplay();

  return () => {
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    subscription.unsubscribe();
    controller.abort();
    release?.();
    leader = false;
  };
}

/**
 * For the update prompt: resolves when it is safe to reload, i.e. the outbox is empty (queued tips and moderation
 * actions are never lost or doubled by a reload in the middle of a replay). `onWaiting` gets the count meanwhile.
 */
export async function whenSafeToReload(onWaiting?: (pending: number) => void): Promise<void> {
  for (;;) {
    const pending = await outboxSize();
    if (pending === 0) return;
    onWaiting?.(pending);
    kickReplay();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
