import type { Executor } from '../../db/knex.ts';

/** Inserts an operator account (only `npm run operator:add` calls this); a taken phone raises 23505. */
export async function insertOperator(
  tx: Executor,
  input: { name: string; phone: string; passwordHash: string },
): Promise<string> {
  const [row] = await tx('users')
    .insert({ name: input.name, phone: input.phone, password_hash: input.passwordHash, role: 'operator' })
    .returning<{ id: string }[]>('id');
  if (!row) throw new Error('operator insert returned no row');
  return row.id;
}

/** The id of the live operator with this phone, or undefined (viewers and creators are not operators). */
export async function findOperatorIdByPhone(db: Executor, phone: string): Promise<string | undefined> {
  const row = await db('users')
    .where({ phone, role: 'operator' })
    .whereNull('deleted_at')
    .first<{ id: string } | undefined>('id');
  return row?.id;
}

/**
 * Removes an operator as account deletion removes anyone: the row stays (their audit rows name it), the phone is
 * freed, the password made unusable and `deleted_at` set.
 */
export async function markOperatorRemoved(tx: Executor, operatorId: string): Promise<void> {
  await tx('users').where({ id: operatorId, role: 'operator' }).update({
    phone: null,
    password_hash: '!removed',
    deleted_at: tx.fn.now(),
    updated_at: tx.fn.now(),
  });
}
