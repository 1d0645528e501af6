import { paiseToRupees, type Wallet, type WalletTransaction } from '@shabaash/shared';
import type { WalletTransactionRow } from './wallet.repository.ts';

/** Balance in paise → the spec's `{ balance }` in rupees, plus `balancePaise`. */
export function presentWallet(balancePaise: number): Wallet {
  return { balance: paiseToRupees(balancePaise), balancePaise };
}

/** Ledger row → wire DTO (`_id`, rupee `amount`, `amountPaise`, ISO `createdAt`, wallet `version`). */
export function presentTransaction(row: WalletTransactionRow): WalletTransaction {
  const amountPaise = Number(row.amount_paise);
  return {
    _id: row.id,
    type: row.type,
    amount: paiseToRupees(amountPaise),
    amountPaise,
    description: row.description,
    createdAt: row.created_at.toISOString(),
    version: Number(row.version),
  };
}
