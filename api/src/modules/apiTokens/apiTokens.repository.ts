import type { ApiTokenScope } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';

export interface ApiTokenRow {
  id: string;
  creator_id: string;
  name: string;
  scopes: ApiTokenScope[];
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = ['id', 'creator_id', 'name', 'scopes', 'prefix', 'created_at', 'last_used_at'] as const;

export async function listApiTokens(db: Executor, creatorId: string): Promise<ApiTokenRow[]> {
  return db('api_tokens').where({ creator_id: creatorId }).orderBy('created_at', 'desc').select(COLUMNS);
}

export async function countApiTokens(db: Executor, creatorId: string): Promise<number> {
  const row = await db('api_tokens').where({ creator_id: creatorId }).count<{ n: string }>('* as n').first();
  return Number(row?.n ?? 0);
}

/** Serialises a creator's token creations (inside a transaction) so the cap holds under concurrent requests. */
export async function lockCreatorTokens(tx: Executor, creatorId: string): Promise<void> {
  await tx.raw('select pg_advisory_xact_lock(hashtext(?))', [`api_tokens:${creatorId}`]);
}

export async function insertApiToken(
  db: Executor,
  token: { creatorId: string; name: string; scopes: ApiTokenScope[]; prefix: string; hash: Buffer },
): Promise<ApiTokenRow> {
  const [row] = await db('api_tokens')
    .insert({
      creator_id: token.creatorId,
      name: token.name,
      scopes: token.scopes,
      prefix: token.prefix,
      token_hash: token.hash,
    })
    .returning(COLUMNS);
  if (!row) throw new Error('insert into api_tokens returned no row');
  return row as ApiTokenRow;
}

/** Deletes the creator's token; false when there is no such token of theirs. */
export async function deleteApiToken(db: Executor, creatorId: string, id: string): Promise<boolean> {
  return (await db('api_tokens').where({ creator_id: creatorId, id }).delete()) > 0;
}

/** Deletes every token of the creator (account deletion); returns their ids so their sockets can be closed. */
export async function deleteAllApiTokens(db: Executor, creatorId: string): Promise<string[]> {
  const rows = await db('api_tokens')
    .where({ creator_id: creatorId })
    .delete()
    .returning<{ id: string }[]>('id');
  return rows.map((row) => row.id);
}

/**
 * The token row by the hash of its secret, stamping last_used_at (at most once a minute, so a busy bot does not
 * rewrite the row on every call). One statement per request: a deleted (revoked) token is never found.
 */
export async function useApiToken(db: Executor, hash: Buffer): Promise<ApiTokenRow | null> {
  const result = await db.raw<{ rows: ApiTokenRow[] }>(
    `with found as (select id from api_tokens where token_hash = ?),
     stamped as (
       update api_tokens set last_used_at = now()
       where id in (select id from found) and (last_used_at is null or last_used_at < now() - interval '1 minute')
       returning id
     )
     select ${COLUMNS.join(', ')} from api_tokens where id in (select id from found)`,
    [hash],
  );
  return result.rows[0] ?? null;
}
