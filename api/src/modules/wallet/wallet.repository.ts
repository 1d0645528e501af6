import type { Executor } from '../../db/knex.ts';
import { newestRows } from '../../db/newestRows.ts';

export type LedgerKind = 'welcome_bonus' | 'top_up' | 'tip' | 'cashback' | 'refund';

export interface LedgerEntryInput {
  userId: string;
  type: 'credit' | 'debit';
  kind: LedgerKind;
  amountPaise: number;
  description: string;
  /** Payment id, tip id…; (kind, reference) is unique, so the same credit can never land twice. */
  reference?: string | null;
}

export interface LedgerEntryResult {
  transactionId: string;
  balancePaise: number;
  version: number;
}

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
export const listRecentTransactions = (db: Executor, userId: string, limit: number) =>
  newestRows<WalletTransactionRow>(db, 'wallet_transactions', { user_id: userId }, 'version', limit);

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

/** Creates a user's wallet at zero; call inside the transaction that creates the user. */
export async function createWallet(tx: Executor, userId: string): Promise<void> {
  await tx('wallets').insert({ user_id: userId, balance_paise: 0 });
}

/** The balance of a wallet in paise (0 when it has none). */
export async function balanceOf(db: Executor, userId: string): Promise<number> {
  const row = await db('wallets')
    .where({ user_id: userId })
    .first<{ balance_paise: number } | undefined>('balance_paise');
  return row ? Number(row.balance_paise) : 0;
}

/** One ledger movement through `shabaash_post_ledger_entry` (see ledger.ts#postLedgerEntry for the rules). */
export async function insertLedgerEntry(tx: Executor, entry: LedgerEntryInput): Promise<LedgerEntryResult> {
  const result = await tx.raw<{
    rows: Array<{ out_transaction_id: string; out_balance_paise: number; out_version: number }>;
  }>(`select * from shabaash_post_ledger_entry(?::uuid, ?::text, ?::text, ?::bigint, ?::text, ?::text)`, [
    entry.userId,
    entry.type,
    entry.kind,
    entry.amountPaise,
    entry.description,
    entry.reference ?? null,
  ]);
  const row = result.rows[0];
  if (!row) throw new Error('ledger entry returned no row');
  return {
    transactionId: row.out_transaction_id,
    balancePaise: Number(row.out_balance_paise),
    version: Number(row.out_version),
  };
}

/** A wallet that holds money, with its owner's phone (for the operator's list before switching WALLET_MODE off). */
export interface HeldBalanceRow {
  user_id: string;
  phone: string | null;
  balance_paise: number;
}

/** Every wallet with a balance above zero, largest first, at most `limit` (null: all). */
export async function listHeldBalances(db: Executor, limit: number | null = null): Promise<HeldBalanceRow[]> {
  const query = db('wallets as w')
    .leftJoin('users as u', 'u.id', 'w.user_id')
    .where('w.balance_paise', '>', 0)
    .orderBy([
      { column: 'w.balance_paise', order: 'desc' },
      { column: 'w.user_id', order: 'asc' },
    ])
    .select<HeldBalanceRow[]>('w.user_id', 'u.phone', 'w.balance_paise');
  return limit === null ? query : query.limit(limit);
}

/** How many wallets hold a balance above zero, and their total in paise. */
export async function heldBalanceTotals(db: Executor): Promise<{ wallets: number; totalPaise: number }> {
  const row = await db('wallets')
    .where('balance_paise', '>', 0)
    .first<{ wallets: string; total: string | null }>(
      db.raw('count(*) as wallets'),
      db.raw('sum(balance_paise) as total'),
    );
  return { wallets: Number(row?.wallets ?? 0), totalPaise: Number(row?.total ?? 0) };
}
