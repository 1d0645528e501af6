import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../sync/db.ts';
import { pullNow } from '../sync/pull.ts';

export interface MirrorPullState {
  /** The mirror holds this user's data (false while it holds another account's or nothing yet; undefined while opening). */
  owned: boolean | undefined;
  /** A pull of this mount finished (successfully or not). */
  settled: boolean;
  /** The last pull's failure (cleared by a successful pull). */
  error: unknown;
  /** Pulls again now; resolves when done (never rejects). */
  retry: () => Promise<void>;
}

/**
 * Pulls the mirror once on mount and reports how that went, so screens can tell "never loaded and the server
 * failed" (an error) from "saved data, server unreachable" (show the saved data and say it may be out of date).
 */
export function useMirrorPull(userId: string | null | undefined): MirrorPullState {
  const [settled, setSettled] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const retry = useCallback(async () => {
    let failure: unknown = null;
    try {
      await pullNow();
    } catch (caught) {
      failure = caught;
    }
    // A pull that ends after the screen has gone changes nothing (nor a torn-down page: no state update then).
    if (!mounted.current) return;
    setError(failure);
    setSettled(true);
  }, []);
  useEffect(() => {
    void retry();
  }, [retry, userId]);
  const owned = useLiveQuery(
    async () => (userId ? (await db.meta.get('owner'))?.value === userId : false),
    [userId],
  );
  return { owned, settled, error, retry };
}
