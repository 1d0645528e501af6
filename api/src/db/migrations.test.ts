import { describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/db.ts';

describe('migrations', () => {
  it('roll all the way down and up again on the real PostgreSQL', async () => {
    const { db, drop } = await createTestDb();
    try {
      await db.migrate.rollback(undefined, true);
      const none = await db.raw<{ rows: unknown[] }>(
        `select 1 from information_schema.tables where table_name = 'users'`,
      );
      expect(none.rows).toHaveLength(0);
      await db.migrate.latest();
      const [, pending] = (await db.migrate.list()) as [unknown[], unknown[]];
      expect(pending).toHaveLength(0);
    } finally {
      await drop();
    }
  });

  it('refuse a negative wallet balance at the database level', async () => {
    const { db, drop } = await createTestDb();
    try {
      const [user] = await db('users')
        .insert({ name: 'A', phone: '9000000001', password_hash: 'x' })
        .returning<{ id: string }[]>('id');
      await expect(db('wallets').insert({ user_id: user!.id, balance_paise: -1 })).rejects.toMatchObject({
        code: '23514',
      });
    } finally {
      await drop();
    }
  });
});
