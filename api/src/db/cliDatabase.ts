import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { embeddedUrl, startEmbeddedPostgres } from './embedded.ts';
import { assertDataDirFree } from './embeddedPreflight.ts';
import { createDb, type Db } from './knex.ts';

/**
 * The port of the embedded PostgreSQL another process (a running `npm start`) keeps on `dataDir`, or null when
 * none runs there. PostgreSQL's postmaster.pid holds the port on its fourth line.
 */
function runningEmbeddedPort(dataDir: string): number | null {
  try {
    assertDataDirFree(dataDir);
    return null;
  } catch {
    const lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
    const port = Number(lines[3]);
    return Number.isInteger(port) && port > 0 ? port : null;
  }
}

/**
 * Runs a command-line task against the deployment's database: DATABASE_URL when set; else the embedded server of
 * DATA_DIR, reached where a running Shabaash keeps it or started for the task and stopped after it.
 */
export async function withCliDatabase<T>(config: Config, task: (db: Db) => Promise<T>): Promise<T> {
  const dataDir = path.join(config.DATA_DIR, 'pg');
  const runningPort = config.DATABASE_URL ? null : runningEmbeddedPort(dataDir);
  const embedded =
    config.DATABASE_URL || runningPort
      ? null
      : await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_PG_PORT });
  const url = config.DATABASE_URL ?? (runningPort ? embeddedUrl(runningPort) : embedded!.url);
  const db = createDb(url, 2);
  try {
    return await task(db);
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}
