import { createHash } from 'node:crypto';
import type { Executor } from '../../db/knex.ts';

/** Records a phone token as spent; false when it was spent before (one reset per OTP). */
export async function spendPhoneToken(tx: Executor, token: string): Promise<boolean> {
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const inserted = await tx('used_phone_tokens')
    .insert({ token_hash: tokenHash })
    .onConflict('token_hash')
    .ignore()
    .returning<{ token_hash: string }[]>('token_hash');
  return inserted.length > 0;
}

/** Forgets spent tokens older than two days (Firebase ID tokens live one hour). */
export async function pruneSpentPhoneTokens(db: Executor): Promise<number> {
  return db('used_phone_tokens').where('used_at', '<', db.raw(`now() - interval '2 days'`)).delete();
}
