import type { Executor } from '../../db/knex.ts';
import { deleteTierSoundsExcept } from '../show/tierSounds.repository.ts';
import { TIP_SELECT } from '../tips/tips.repository.ts';
import type { TipRecord } from '../../domain/tip.ts';
import { tipFromRow, type TipRow } from '../tips/tips.row.ts';

/** The name every deleted account shows, wherever its tips and ledger entries remain. */
export const DELETED_USER_NAME = 'Deleted user';

export interface LedgerExportRow {
  id: string;
  type: 'credit' | 'debit';
  kind: string;
  amount_paise: number;
  description: string;
  reference: string | null;
  created_at: Date;
}

/** Every ledger entry of a user, oldest first. */
export async function ledgerOf(db: Executor, userId: string): Promise<LedgerExportRow[]> {
  return db('wallet_transactions')
    .where({ user_id: userId })
    .orderBy('version', 'asc')
    .select<LedgerExportRow[]>(
      'id',
      'type',
      'kind',
      'amount_paise',
      'description',
      'reference',
      'created_at',
    );
}

/** Every tip a user sent (with its sender columns, for presentTip, and the creator's handle), oldest first. */
export async function tipsSentBy(
  db: Executor,
  userId: string,
): Promise<Array<{ tip: TipRecord; handle: string }>> {
  const rows = await db('tips as t')
    .leftJoin('users as u', 'u.id', 't.sender_id')
    .join('creators as c', 'c.user_id', 't.creator_id')
    .where('t.sender_id', userId)
    .orderBy([
      { column: 't.created_at', order: 'asc' },
      { column: 't.id', order: 'asc' },
    ])
    .select<Array<TipRow & { handle: string }>>(db.raw(TIP_SELECT), 'c.handle');
  return rows.map((row) => ({ tip: tipFromRow(row), handle: row.handle }));
}

/** When the account was created. */
export async function userCreatedAt(db: Executor, userId: string): Promise<Date | null> {
  const row = await db('users').where({ id: userId }).first<{ created_at: Date } | undefined>('created_at');
  return row?.created_at ?? null;
}

/**
 * Erases a user's personal data inside the caller's transaction; their ledger, tips and payment references
 * stay (the law requires them) under DELETED_USER_NAME. A creator's public profile goes the same way.
 */
export async function anonymiseUser(tx: Executor, userId: string): Promise<void> {
  await tx('profile_pictures').where({ user_id: userId }).delete();
  await deleteTierSoundsExcept(tx, userId, []);
  await tx('users').where({ id: userId }).update({
    name: DELETED_USER_NAME,
    phone: null,
    profile_pic: null,
    password_hash: '!deleted',
    deleted_at: tx.fn.now(),
    updated_at: tx.fn.now(),
  });
  // The handle stays reserved (never given to someone else) and refuses money; the old overlay link stops working.
  await tx('creators')
    .where({ user_id: userId })
    .update({
      display_name: DELETED_USER_NAME,
      overlay_key: tx.raw(`encode(gen_random_bytes(24), 'hex')`),
      deleted_at: tx.fn.now(),
    });
}

/**
 * Locks the user's creator row (when they are a creator) FOR UPDATE in the caller's transaction, before anything
 * else of the deletion: wallet tips and payments to the creator wait for the deletion, then see it.
 */
export async function lockCreatorRow(tx: Executor, userId: string): Promise<void> {
  await tx('creators').where({ user_id: userId }).forUpdate().first('user_id');
}

/**
 * Gives a welcome bonus recorded under the account's id (accounts made before the bonus was keyed by phone number)
 * the phone's reference, so that the number stays marked once the phone itself is erased.
 */
export async function rekeyWelcomeBonus(tx: Executor, userId: string, reference: string): Promise<void> {
  await tx('wallet_transactions')
    .where({ user_id: userId, kind: 'welcome_bonus', reference: `welcome:${userId}` })
    .whereNotExists(tx('wallet_transactions').where({ kind: 'welcome_bonus', reference }).select(tx.raw('1')))
    .update({ reference });
}

/** The wallet balance locked FOR UPDATE in the caller's transaction, so no tip moves it meanwhile (0 without one). */
export async function lockedBalanceOf(tx: Executor, userId: string): Promise<number> {
  const row = await tx('wallets')
    .where({ user_id: userId })
    .forUpdate()
    .first<{ balance_paise: number } | undefined>('balance_paise');
  return row ? Number(row.balance_paise) : 0;
}

/** The creators a user has live (not tombstoned) tips with, sorted (spaces are bumped in sorted order). */
export async function creatorsTippedBy(tx: Executor, userId: string): Promise<string[]> {
  const rows = await tx('tips')
    .where({ sender_id: userId })
    .whereNull('deleted_at')
    .distinct('creator_id')
    .orderBy('creator_id')
    .select<Array<{ creator_id: string }>>('creator_id');
  return rows.map((r) => r.creator_id);
}

/** Moves a sender's tips to a new version of their creator's space, so synced chat lists fetch the new name. */
export async function touchTipsOfSender(
  tx: Executor,
  creatorId: string,
  senderId: string,
  version: number,
): Promise<void> {
  await tx('tips')
    .where({ creator_id: creatorId, sender_id: senderId })
    .whereNull('deleted_at')
    .update({ version });
}
