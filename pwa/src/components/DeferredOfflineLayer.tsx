import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth } from '../hooks/useAuth.ts';
import { whenIdle } from '../lib/idle.ts';

// The offline bar and the sync engine carry Dexie (~35 KB gzip): they load after first paint, when idle.
const OfflineIndicator = lazy(() =>
  import('./OfflineIndicator.tsx').then((m) => ({ default: m.OfflineIndicator })),
);

let syncStarted = false;

/** Starts the offline mirror and outbox replay once per tab (pull on open, online and visibility). */
function startSyncOnce(): void {
  if (syncStarted) return;
  syncStarted = true;
  void import('../sync/index.ts')
    .then((m) => m.startSync())
    .catch(() => {
      syncStarted = false;
    });
}

/**
 * Mounts the offline indicator and starts sync, but only where they matter and never before first paint: for a
 * signed-in user (their mirror and queued actions) once the page is idle, and for anyone as soon as the browser
 * goes offline. Signed-out visitors on the public pages never download Dexie.
 */
export function DeferredOfflineLayer() {
  const { user } = useAuth();
  const [offline, setOffline] = useState(false);
  const [idle, setIdle] = useState(false);
  const signedIn = user !== null;

  useEffect(() => {
    const onOffline = () => setOffline(true);
    window.addEventListener('offline', onOffline);
    if (navigator.onLine === false) setOffline(true);
    return () => window.removeEventListener('offline', onOffline);
  }, []);

  useEffect(() => {
    if (!signedIn || idle) return;
    return whenIdle(() => setIdle(true));
  }, [signedIn, idle]);

  useEffect(() => {
    if (signedIn && idle) startSyncOnce();
  }, [signedIn, idle]);

  if (!offline && !(signedIn && idle)) return null;
  return (
    <Suspense fallback={null}>
      <OfflineIndicator />
    </Suspense>
  );
}
