import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MODULE_EXT } from '../runtime.ts';

// bigint (int8) columns hold paise and versions; all fit in a JS number (< 2^53), so parse them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

export type Db = Knex;
export type Tx = Knex.Transaction;
/** A repository function takes either the pool or a transaction. */
export type Executor = Knex | Knex.Transaction;

export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../migrations',
);

interface MigrationModule {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Lists the migrations and imports them from this module, so whichever loader runs the API (tsx for `npm run
 * dev`, Vite's runner under Vitest) also transforms them; the compiled API imports their compiled .js files.
 * Either way a migration is recorded under its .ts name, so a database migrated by one is current for the other.
 */
class TsMigrationSource implements Knex.MigrationSource<string> {
  getMigrations(): Promise<string[]> {
    const pattern = new RegExp(`^\\d{14}_[a-z0-9_]+\\${MODULE_EXT}$`);
    const files = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((f) => pattern.test(f))
      .sort();
    return Promise.resolve(files);
  }
  getMigrationName(file: string): string {
    return `${path.basename(file, MODULE_EXT)}.ts`;
  }
  async getMigration(file: string): Promise<MigrationModule> {
    return (await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href)) as MigrationModule;
  }
}

/**
 * Creates the Knex pool for a PostgreSQL URL. `asyncCommit` turns synchronous_commit off for its sessions: a
 * commit does not wait for the WAL flush, so it adds no fsync to the tip path's; only for work that a crash may
 * redo (the webhook worker: events are re-derived with the same ids, a lost "delivered" mark means a re-send).
 */
export function createDb(
  connectionString: string,
  poolMax = 10,
  { applicationName = 'shabaash-api', asyncCommit = false } = {},
): Db {
  return knexFactory({
    client: 'pg',
    connection: {
      connectionString,
      application_name: applicationName,
      ...(asyncCommit ? { options: '-c synchronous_commit=off' } : {}),
    },
    pool: { min: 0, max: poolMax },
    migrations: { migrationSource: new TsMigrationSource(), tableName: 'knex_migrations' },
  });
}

/** Applies every pending migration. */
export async function migrateLatest(db: Db): Promise<void> {
  await db.migrate.latest();
}

/** Cheap liveness probe used by /api/health. */
export async function pingDb(db: Db, timeoutMs = 2000): Promise<void> {
  await Promise.race([
    db.raw('select 1'),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('database did not answer in time')), timeoutMs),
    ),
  ]);
}
