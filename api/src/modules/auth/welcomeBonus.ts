import { createHmac } from 'node:crypto';
import type { Tx } from '../../db/knex.ts';
import { postLedgerEntry } from '../wallet/ledger.ts';

/** The ledger's unique index on (kind, reference): it admits one welcome bonus per reference. */
const LEDGER_REFERENCE_UNIQUE = 'wallet_tx_kind_reference_unique';

/**
 * The welcome bonus's ledger reference for a phone number: `welcome:` and the HMAC-SHA-256 of the number under the
 * deployment's secret. It stays in the ledger after the account is deleted (the number itself is erased), and
 * without the secret it cannot be turned back into the number.
 */
export function welcomeBonusReference(secret: string, phone: string): string {
  return `welcome:${createHmac('sha256', secret).update(phone).digest('hex')}`;
}

/**
 * Credits the welcome bonus inside the registration's transaction, unless the ledger already holds one for this
 * reference (the same number under an account deleted since, or a registration racing this one): the unique index
 * decides, not a read, and the savepoint keeps the registration itself. True when the bonus was credited.
 */
export async function payWelcomeBonus(
  tx: Tx,
  entry: { userId: string; reference: string; amountPaise: number },
): Promise<boolean> {
  try {
    await tx.transaction((savepoint) =>
      postLedgerEntry(savepoint, {
        userId: entry.userId,
        type: 'credit',
        kind: 'welcome_bonus',
        amountPaise: entry.amountPaise,
        description: 'Welcome bonus',
        reference: entry.reference,
      }),
    );
    return true;
  } catch (err) {
    if ((err as { constraint?: unknown } | null)?.constraint === LEDGER_REFERENCE_UNIQUE) return false;
    throw err;
  }
}
