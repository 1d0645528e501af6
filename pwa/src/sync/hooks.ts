import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { LIMITS, type TipStatus } from '@shabaash/shared';
import {
  db,
  type MirroredChat,
  type MirroredRecentTip,
  type MirroredTransaction,
  type OutboxEntry,
  type SyncNotice,
} from './db.ts';
import { requestPull } from './pull.ts';

export interface ChatFilter {
  /** Only this status; without it the queue hides ignored chats (as GET /creator/chats does). */
  status?: TipStatus | undefined;
  /** Case-insensitive match on message or name. */
  search?: string | undefined;
  sort?: 'updated' | 'amount';
}

/** Refreshes the mirror once when a screen that reads it mounts. */
function usePullOnMount(): void {
  useEffect(() => {
    requestPull();
  }, []);
}

/**
 * The Chat Loader queue from the offline mirror (undefined while IndexedDB opens): newest update first or
 * biggest amount first, at most 200, locally deleted chats hidden, `pending: 1` on chats with an unsent action.
 */
export function useMirroredChats(filter: ChatFilter = {}): MirroredChat[] | undefined {
  usePullOnMount();
  const { status, search, sort = 'updated' } = filter;
  return useLiveQuery(async () => {
    const needle = search?.trim().toLowerCase();
    const rows = await db.chats.toArray();
    return rows
      .filter((c) => c.pendingDelete !== 1)
      .filter((c) => (status ? c.status === status : c.status !== 'ignore'))
      .filter(
        (c) => !needle || c.message.toLowerCase().includes(needle) || c.name.toLowerCase().includes(needle),
      )
      .sort((a, b) =>
        sort === 'amount'
          ? b.amountPaise - a.amountPaise || b.updatedAt.localeCompare(a.updatedAt)
          : b.updatedAt.localeCompare(a.updatedAt) || b.version - a.version,
      )
      .slice(0, LIMITS.chatControlMaxTips);
  }, [status, search, sort]);
}

/** Wallet activity from the mirror, newest first (pending sends first with `pending: 1`); default 10 rows. */
export function useMirroredWalletActivity(
  limit: number = LIMITS.walletActivityShown,
): MirroredTransaction[] | undefined {
  usePullOnMount();
  return useLiveQuery(async () => {
    const rows = await db.walletActivity.toArray();
    return rows
      .sort(
        (a, b) =>
          (b.pending ?? 0) - (a.pending ?? 0) ||
          b.createdAt.localeCompare(a.createdAt) ||
          b.version - a.version,
      )
      .slice(0, limit);
  }, [limit]);
}

export interface MirroredWallet {
  /** Last balance the server confirmed minus tips still waiting in the outbox. */
  balance: number;
  balancePaise: number;
  /** Sum of queued sends not yet charged. */
  pendingPaise: number;
  /** When the server last confirmed the balance (ISO). */
  confirmedAt: string;
}

/** Recent tips (dashboard) from the mirror, newest first, at most 10, pending sends marked. */
export function useMirroredRecentTips(): MirroredRecentTip[] | undefined {
  usePullOnMount();
  return useLiveQuery(async () => {
    const rows = await db.recentTips.toArray();
    return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, LIMITS.recentTipsKept);
  }, []);
}

/** The outbox in replay order (what is waiting to sync). */
export function useOutbox(): OutboxEntry[] | undefined {
  return useLiveQuery(() => db.outbox.orderBy('seq').toArray(), []);
}

/** Messages about refused replays that were rolled back, oldest first. */
export function useSyncNotices(): SyncNotice[] | undefined {
  return useLiveQuery(() => db.notices.orderBy('id').toArray(), []);
}
