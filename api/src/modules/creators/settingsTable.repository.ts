import type { Executor } from '../../db/knex.ts';

/**
 * A per-creator JSON settings table (`creator_id` key, `settings` jsonb, `updated_at`), as the show and the widgets
 * keep theirs: `find` is null while the creator kept the defaults; `upsert` stores settings already validated.
 */
export function creatorSettingsTable<T>(table: string) {
  return {
    async find(db: Executor, creatorId: string): Promise<Partial<T> | null> {
      const row = await db(table)
        .where({ creator_id: creatorId })
        .first<{ settings: Partial<T> } | undefined>('settings');
      return row?.settings ?? null;
    },
    async upsert(db: Executor, creatorId: string, settings: T): Promise<void> {
      await db(table)
        .insert({ creator_id: creatorId, settings: JSON.stringify(settings), updated_at: db.fn.now() })
        .onConflict('creator_id')
        .merge();
    },
  };
}
