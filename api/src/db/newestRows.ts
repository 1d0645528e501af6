import type { Executor } from './knex.ts';

/** The newest `limit` rows of `table` matching `where` (every column), by `column` descending. */
export async function newestRows<Row>(
  db: Executor,
  table: string,
  where: Record<string, string>,
  column: string,
  limit: number,
): Promise<Row[]> {
  const rows: Row[] = await db(table).where(where).orderBy(column, 'desc').limit(limit).select('*');
  return rows;
}
