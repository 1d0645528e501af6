import type { Executor } from '../../db/knex.ts';

export type LinkedAccountStatus =
  'created' | 'under_review' | 'needs_clarification' | 'activated' | 'suspended';

/**
 * A linked_accounts row: no PAN and no account number, only the last 4 digits and the bank's name. When its creator
 * deleted their account, the IFSC and last 4 digits are erased (null) and `erased_at` is set.
 */
export interface LinkedAccountRow {
  creator_id: string;
  account_id: string | null;
  stakeholder_id: string | null;
  product_id: string | null;
  status: LinkedAccountStatus;
  clarification_reasons: string[];
  legal_name: string;
  bank_name: string;
  account_last4: string | null;
  ifsc: string | null;
  activated_at: Date | null;
  created_at: Date;
  updated_at: Date;
  erased_at: Date | null;
}

/** The creator's linked account, or undefined. */
export async function findLinkedAccount(
  db: Executor,
  creatorId: string,
): Promise<LinkedAccountRow | undefined> {
  return db('linked_accounts').where({ creator_id: creatorId }).first<LinkedAccountRow | undefined>();
}

/** The linked account Razorpay knows as `accountId`. */
export async function findLinkedAccountByAccountId(
  db: Executor,
  accountId: string,
): Promise<LinkedAccountRow | undefined> {
  return db('linked_accounts').where({ account_id: accountId }).first<LinkedAccountRow | undefined>();
}

/**
 * Locks the linked account Razorpay knows as `accountId` until the transaction ends (review webhooks for one account
 * then apply one at a time, each with the product state read after the lock).
 */
export async function lockLinkedAccountByAccountId(db: Executor, accountId: string): Promise<boolean> {
  const row = await db('linked_accounts').where({ account_id: accountId }).forUpdate().first('creator_id');
  return row !== undefined;
}

/** Inserts or replaces the creator's linked account after Razorpay created it. */
export async function saveLinkedAccount(
  db: Executor,
  row: Omit<
    LinkedAccountRow,
    'activated_at' | 'created_at' | 'updated_at' | 'erased_at' | 'clarification_reasons'
  >,
): Promise<void> {
  await db('linked_accounts')
    .insert({ ...row, clarification_reasons: JSON.stringify([]) })
    .onConflict('creator_id')
    .merge({ ...row, clarification_reasons: JSON.stringify([]), updated_at: db.fn.now() });
}

/**
 * Records the route product id and the status its creation answered with — unless a webhook already moved the
 * account on (Razorpay's review webhooks can arrive before its API answer).
 */
export async function recordRouteProduct(
  db: Executor,
  creatorId: string,
  productId: string,
  status: LinkedAccountStatus,
): Promise<void> {
  await db('linked_accounts')
    .where({ creator_id: creatorId })
    .update({ product_id: productId, status: stickyStatus(db, status, 'created'), updated_at: db.fn.now() });
}

/** SQL for a status write that never undoes an activation, and changes only a row in `onlyFrom` (when given). */
function stickyStatus(db: Executor, status: LinkedAccountStatus, onlyFrom?: LinkedAccountStatus) {
  return onlyFrom
    ? db.raw(`case when activated_at is not null then 'activated' when status = ? then ? else status end`, [
        onlyFrom,
        status,
      ])
    : db.raw(`case when activated_at is not null then 'activated' else ? end`, [status]);
}

/** New bank details after a correction (the last 4 digits and bank only). */
export async function updateLinkedBank(
  db: Executor,
  creatorId: string,
  bank: { bankName: string; last4: string; ifsc: string; status: LinkedAccountStatus },
): Promise<void> {
  await db('linked_accounts')
    .where({ creator_id: creatorId })
    .update({
      bank_name: bank.bankName,
      account_last4: bank.last4,
      ifsc: bank.ifsc,
      status: bank.status,
      clarification_reasons: JSON.stringify([]),
      updated_at: db.fn.now(),
    });
}

/**
 * Applies a product.route.* status. An activated account never goes back to review on a late or repeated
 * webhook; returns true when the row changed.
 */
export async function setLinkedAccountStatus(
  db: Executor,
  accountId: string,
  status: LinkedAccountStatus,
  reasons: string[],
): Promise<boolean> {
  const n = await db('linked_accounts')
    .where({ account_id: accountId })
    .whereNot({ status: 'activated' })
    .update({
      status,
      clarification_reasons: JSON.stringify(reasons),
      activated_at: status === 'activated' ? db.fn.now() : null,
      updated_at: db.fn.now(),
    });
  return n > 0;
}

/**
 * Minimises a deleted creator's payout account inside the deletion's transaction: the IFSC, the last 4 digits, the
 * stakeholder id and Razorpay's clarification reasons go; the legal name, the bank's name and Razorpay's account id
 * stay, as the tax record of the payouts made to it (and so that earnings still owed reach it).
 */
export async function eraseLinkedAccountDetails(tx: Executor, creatorId: string): Promise<void> {
  await tx('linked_accounts')
    .where({ creator_id: creatorId })
    .update({
      ifsc: null,
      account_last4: null,
      stakeholder_id: null,
      clarification_reasons: JSON.stringify([]),
      erased_at: tx.fn.now(),
      updated_at: tx.fn.now(),
    });
}

/**
 * Deletes what remains of deleted creators' payout accounts once no law asks for it: nothing is owed to them any
 * more (pending, available or in transit) and no payout was made at or after `cutoff` (retention.ts). Returns how
 * many rows went.
 */
export async function purgeErasedLinkedAccounts(db: Executor, cutoff: Date): Promise<number> {
  const result = await db.raw<{ rowCount: number }>(
    `delete from linked_accounts la
      where la.erased_at is not null
        and not exists (select 1 from creator_earnings e
                         where e.creator_id = la.creator_id
                           and e.pending_paise + e.available_paise + e.in_transit_paise > 0)
        and not exists (select 1 from payout_transfers t
                         where t.creator_id = la.creator_id and t.status <> 'failed'
                           and coalesce(t.processed_at, t.created_at) >= ?)`,
    [cutoff],
  );
  return result.rowCount;
}
