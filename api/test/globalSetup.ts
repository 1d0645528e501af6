import type { TestProject } from 'vitest/node';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded.ts';
import { createDb, migrateLatest } from '../src/db/knex.ts';
import { freePort } from './ports.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the server's maintenance database; each test file clones the template from it. */
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

const TEMPLATE = 'shabaash_template';

let server: EmbeddedServer | null = null;
let tmpDir: string | null = null;

/**
 * One PostgreSQL for the whole run: embedded in a temp dir by default, or DATABASE_URL's server.
 * Migrations run once into a template database; each test file gets its own clone (fast, isolated).
 */
export async function setup(project: TestProject): Promise<void> {
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-test-pg-'));
    fs.chmodSync(tmpDir, 0o755);
    server = await startEmbeddedPostgres({ dataDir: path.join(tmpDir, 'data'), port: await freePort(), database: 'postgres' });
    adminUrl = server.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${TEMPLATE} with (force)`);
    await admin.query(`create database ${TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE}`;
  const db = createDb(templateUrl.toString(), 2);
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy();
  }
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', TEMPLATE);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
}
