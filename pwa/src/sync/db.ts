import { Dexie, type EntityTable } from 'dexie';
import type { PayoutSummary, Tip, TipStatus, WalletTransaction } from '@shabaash/shared';

/** A chat of the queue as mirrored: the server's tip plus local optimistic marks. */
export interface MirroredChat extends Tip {
  /** 1 while an outbox action on this chat waits for the server. */
  pending?: 0 | 1;
  /** 1 when deleted locally and the delete is not yet confirmed (hidden from the queue). */
  pendingDelete?: 0 | 1;
}

/** A wallet activity row; `pending` rows are optimistic sends not yet charged. */
export interface MirroredTransaction extends WalletTransaction {
  pending?: 0 | 1;
}

/** A recent tip (dashboard); `pending` ones are optimistic sends. */
export interface MirroredRecentTip extends Tip {
  pending?: 0 | 1;
}

/** The last version applied per space (`creator:<id>`, `wallet:<id>`). */
export interface SyncCursor {
  space: string;
  version: number;
}

export type OutboxKind = 'sendTip' | 'setStatus' | 'deleteChat';

export interface SendTipPayload {
  amount: number;
  message: string;
  creator?: string | undefined;
  /** Shown in the optimistic wallet row ("Tip to …"). */
  creatorName?: string | undefined;
  /**
   * "I'll cover the fees": the server adds the creator's platform fee to the debit, so the pending row shows the
   * amount chosen until the server's answer replaces it with the total.
   */
  coverFees?: boolean | undefined;
}
export interface SetStatusPayload {
  tipId: string;
  status: TipStatus;
  previousStatus: TipStatus;
  /** The handle of the creator whose chat a moderator acts on (absent: the signed-in creator's own chat). */
  moderating?: string;
}
export interface DeleteChatPayload {
  tipId: string;
  /** As in SetStatusPayload. */
  moderating?: string;
}

interface OutboxBase {
  seq?: number;
  idempotencyKey: string;
  /** The user whose session made the action; only that session replays it. */
  owner: string;
  createdAt: string;
  attempts: number;
  lastError: string | null;
  /** Not before this time (ms since epoch): backoff after a transient failure. */
  nextAttemptAt: number;
  /** The chat the action is about (setStatus, deleteChat), for rebasing pulls over pending actions. */
  targetId?: string;
}

export type OutboxEntry =
  | (OutboxBase & { kind: 'sendTip'; payload: SendTipPayload })
  | (OutboxBase & { kind: 'setStatus'; payload: SetStatusPayload })
  | (OutboxBase & { kind: 'deleteChat'; payload: DeleteChatPayload });

/** A message for the banner: a replay the server refused and that was rolled back. */
export interface SyncNotice {
  id?: number;
  kind: OutboxKind;
  message: string;
  createdAt: string;
}

/** Small key-value facts: the mirror's owner, the last known balance and a creator's payouts summary. */
export interface MetaRow {
  key: 'owner' | 'balance' | 'payouts';
  value: unknown;
}

export interface MirroredBalance {
  balancePaise: number;
  /** When the server last confirmed it (ISO). */
  confirmedAt: string;
}

/** A creator's payouts summary as last received (GET or `payout:update`), for the Payouts screen offline. */
export interface MirroredPayouts {
  summary: PayoutSummary;
  /** When it was received (ISO). */
  confirmedAt: string;
}

/** The offline mirror: one IndexedDB database per browser profile. */
export class ShabaashDB extends Dexie {
  walletActivity!: EntityTable<MirroredTransaction, '_id'>;
  chats!: EntityTable<MirroredChat, 'id'>;
  recentTips!: EntityTable<MirroredRecentTip, 'id'>;
  cursors!: EntityTable<SyncCursor, 'space'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  notices!: EntityTable<SyncNotice, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = 'shabaash') {
    super(name);
    this.version(1).stores({
      walletActivity: '_id, version, createdAt',
      chats: 'id, createdAt, updatedAt, status, version, amountPaise',
      recentTips: 'id, createdAt',
      cursors: 'space',
      outbox: '++seq, &idempotencyKey, kind, targetId, owner',
      notices: '++id',
      meta: 'key',
    });
  }
}

/** The app's mirror. */
export const db = new ShabaashDB();

/** Every mirror table, for transactions that touch them all. */
export function allTables() {
  return [db.walletActivity, db.chats, db.recentTips, db.cursors, db.outbox, db.notices, db.meta];
}

/** Empties the mirror (logout, or another user signed in on this device). */
export async function clearMirror(): Promise<void> {
  await db.transaction('rw', allTables(), async () => {
    await Promise.all(allTables().map((table) => table.clear()));
  });
}
