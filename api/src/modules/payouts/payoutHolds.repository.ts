import type { Executor } from '../../db/knex.ts';

/** Whether an operator holds a creator's payouts (nothing is claimed or sent to them until released). */
export async function payoutsHeld(db: Executor, creatorId: string): Promise<boolean> {
  const row = await db('creators')
    .where({ user_id: creatorId })
    .first<{ payouts_held_at: Date | null } | undefined>('payouts_held_at');
  return Boolean(row?.payouts_held_at);
}
