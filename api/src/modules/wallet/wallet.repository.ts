import type { Executor } from '../../db/knex.ts';

/** A wallet_transactions row as stored. */
export interface WalletTransactionRow {
  id: string;
  user_id: string;
  type: 'credit' | 'debit';
  kind: string;
  amount_paise: number;
  description: string;
  reference: string | null;
  version: number;
  created_at: Date;
}

/** The newest `limit` ledger entries of a user, newest first. */
export async function listRecentTransactions(
  db: Executor,
  userId: string,
  limit: number,
): Promise<WalletTransactionRow[]> {
  return db('wallet_transactions')
    .where({ user_id: userId })
    .orderBy('version', 'desc')
    .limit(limit)
    .select<WalletTransactionRow[]>('*');
}

/** Ledger entries of a user with version > `since`, oldest first, at most `limit` (sync pulls). */
export async function listTransactionsSince(
  db: Executor,
  userId: string,
  since: number,
  limit: number,
): Promise<WalletTransactionRow[]> {
  return db('wallet_transactions')
    .where({ user_id: userId })
    .where('version', '>', since)
    .orderBy('version', 'asc')
    .limit(limit)
    .select<WalletTransactionRow[]>('*');
}
