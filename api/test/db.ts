import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createDb, type Db } from '../src/db/knex.ts';
import { asAdmin, databaseUrl } from './pgAdmin.ts';

/** A fresh database cloned from the migrated template, for one test file. */
export async function createTestDb(): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, async (admin) => {
    // Parallel clones of one template can collide ("source database is being accessed"): retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (err) {
        if (attempt >= 20 || !String(err).includes('being accessed')) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  const url = databaseUrl(adminUrl, name);
  const db = createDb(url, 10);
  return {
    db,
    url,
    drop: async () => {
      await db.destroy();
      await asAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * Limits use fixed one-minute windows on the database clock; a burst that straddles a window edge is split in
 * two. Tests that count up to a limit start early in a window so the whole burst lands in one.
 */
export async function startOfFreshWindow(db: Db, burstMs = 8_000): Promise<void> {
  const { rows } = await db.raw<{ rows: Array<{ ms: number }> }>(
    `select (extract(epoch from now()) * 1000)::bigint % 60000 as ms`,
  );
  const intoWindow = Number(rows[0]?.ms ?? 0);
  if (60_000 - intoWindow < burstMs) await new Promise((r) => setTimeout(r, 60_000 - intoWindow + 50));
}
