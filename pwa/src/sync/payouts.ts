import { useLiveQuery } from 'dexie-react-hooks';
import type { PayoutSummary } from '@shabaash/shared';
import { db, type MirroredPayouts } from './db.ts';

/**
 * Keeps a creator's payouts summary in the offline mirror when it is newer than the saved one (by the version of
 * the creator's payouts space): from GET /api/creator/payouts and from `payout:update` pushes alike. Writes only
 * into a mirror that is `userId`'s (the wallet's write-through does the same).
 */
export async function savePayouts(userId: string, summary: PayoutSummary): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    if ((await db.meta.get('owner'))?.value !== userId) return;
    const saved = (await db.meta.get('payouts'))?.value as MirroredPayouts | undefined;
    if (saved && saved.summary.version > summary.version) return;
    const value: MirroredPayouts = { summary, confirmedAt: new Date().toISOString() };
    await db.meta.put({ key: 'payouts', value });
  });
}

/** The saved payouts summary of `userId` (null when none, or no IndexedDB; undefined while it opens). */
export function useMirroredPayouts(userId: string | null): MirroredPayouts | null | undefined {
  return useLiveQuery(async () => {
    try {
      if (!userId || (await db.meta.get('owner'))?.value !== userId) return null;
      return ((await db.meta.get('payouts'))?.value as MirroredPayouts | undefined) ?? null;
    } catch {
      return null; // no IndexedDB (private mode, old browser): the server's answer alone
    }
  }, [userId]);
}
