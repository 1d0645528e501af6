import { MESSAGES } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';
import { paymentRequired } from '../../http/errors.ts';
import { insertLedgerEntry, type LedgerEntryInput, type LedgerEntryResult } from './wallet.repository.ts';

/** SQLSTATE that the ledger's SQL functions raise when a debit would take a balance below zero. */
export const INSUFFICIENT_BALANCE_SQLSTATE = 'SH402';

/**
 * Moves money in or out of one wallet, inside the caller's transaction, in one statement
 * (`shabaash_post_ledger_entry`): a conditional balance update (a debit never takes the balance below zero; the
 * CHECK constraint backs this up), the next version of the wallet space, and the ledger row. Throws 402 with a
 * clear message when the balance is too low.
 */
export async function postLedgerEntry(tx: Executor, entry: LedgerEntryInput): Promise<LedgerEntryResult> {
  if (!Number.isInteger(entry.amountPaise) || entry.amountPaise <= 0) {
    throw new Error(`ledger amount must be a positive integer of paise, got ${entry.amountPaise}`);
  }
  try {
    return await insertLedgerEntry(tx, entry);
  } catch (err) {
    if (isInsufficientBalance(err)) throw paymentRequired(MESSAGES.insufficientBalance);
    throw err;
  }
}

/** True for the database error a debit raises when the balance is too low. */
export function isInsufficientBalance(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === INSUFFICIENT_BALANCE_SQLSTATE;
}
