import { MESSAGES } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';
import { paymentRequired } from '../../http/errors.ts';
import { bumpSpace, walletSpace } from '../sync/spaces.ts';

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

/** Creates a user's wallet at zero; call inside the transaction that creates the user. */
export async function createWallet(tx: Executor, userId: string): Promise<void> {
  await tx('wallets').insert({ user_id: userId, balance_paise: 0 });
}

/**
 * Moves money in or out of one wallet, inside the caller's transaction: a conditional balance update
 * (a debit never takes the balance below zero; the CHECK constraint backs this up), the next version of the
 * wallet space, and the ledger row. Throws 402 with a clear message when the balance is too low.
 */
export async function postLedgerEntry(tx: Executor, entry: LedgerEntryInput): Promise<LedgerEntryResult> {
  if (!Number.isInteger(entry.amountPaise) || entry.amountPaise <= 0) {
    throw new Error(`ledger amount must be a positive integer of paise, got ${entry.amountPaise}`);
  }
  const delta = entry.type === 'credit' ? entry.amountPaise : -entry.amountPaise;
  const updated = await tx.raw<{ rows: Array<{ balance_paise: number }> }>(
    `update wallets set balance_paise = balance_paise + ?, updated_at = now()
     where user_id = ? and balance_paise + ? >= 0
     returning balance_paise`,
    [delta, entry.userId, delta],
  );
  const row = updated.rows[0];
  if (!row) {
    const exists = await tx('wallets').where({ user_id: entry.userId }).first('user_id');
    if (!exists) throw new Error(`wallet of user ${entry.userId} does not exist`);
    throw paymentRequired(MESSAGES.insufficientBalance);
  }
  const version = await bumpSpace(tx, walletSpace(entry.userId));
  const [inserted] = await tx('wallet_transactions')
    .insert({
      user_id: entry.userId,
      type: entry.type,
      kind: entry.kind,
      amount_paise: entry.amountPaise,
      description: entry.description,
      reference: entry.reference ?? null,
      version,
    })
    .returning<{ id: string }[]>('id');
  if (!inserted) throw new Error('ledger insert returned no row');
  return { transactionId: inserted.id, balancePaise: Number(row.balance_paise), version };
}

/** The balance of a wallet in paise (0 when it has none). */
export async function balanceOf(db: Executor, userId: string): Promise<number> {
  const row = await db('wallets')
    .where({ user_id: userId })
    .first<{ balance_paise: number } | undefined>('balance_paise');
  return row ? Number(row.balance_paise) : 0;
}
