import type { TestProject } from 'vitest/node';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded.ts';
import { createDb, migrateLatest } from '../src/db/knex.ts';
import { freePort } from '../src/ports.ts';
import { asAdmin, databaseUrl } from './pgAdmin.ts';
import { startAuthEmulator, type AuthEmulator } from '../src/identity/emulator.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the server's maintenance database; each test file clones the template from it. */
    pgAdminUrl: string;
    pgTemplate: string;
    /** `127.0.0.1:PORT` of the run's Firebase Auth emulator (project demo-shabaash). */
    authEmulatorHost: string;
  }
}

const TEMPLATE = 'shabaash_template';

let server: EmbeddedServer | null = null;
let emulator: AuthEmulator | null = null;
let tmpDir: string | null = null;

/**
 * One PostgreSQL for the whole run: embedded in a temp dir by default, or DATABASE_URL's server.
 * Migrations run once into a template database; each test file gets its own clone (fast, isolated).
 */
export async function setup(project: TestProject): Promise<void> {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-test-'));
  fs.chmodSync(tmpDir, 0o755);
  const emulatorStarting = startAuthEmulator({
    port: await freePort(),
    projectId: 'demo-shabaash',
    workDir: path.join(tmpDir, 'firebase'),
    // Two loaded cores (CI, parallel work) have taken 84 s to start it; AUTH_EMULATOR_START_TIMEOUT_MS overrides.
    startTimeoutMs: Number(process.env.AUTH_EMULATOR_START_TIMEOUT_MS) || 180_000,
  });
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    server = await startEmbeddedPostgres({
      dataDir: path.join(tmpDir, 'data'),
      port: await freePort(),
      database: 'postgres',
    });
    adminUrl = server.url;
  }
  await asAdmin(adminUrl, async (admin) => {
    await admin.query(`drop database if exists ${TEMPLATE} with (force)`);
    await admin.query(`create database ${TEMPLATE}`);
  });
  const db = createDb(databaseUrl(adminUrl, TEMPLATE), 2);
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy();
  }
  emulator = await emulatorStarting;
  project.provide('authEmulatorHost', emulator.host);
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', TEMPLATE);
}

export async function teardown(): Promise<void> {
  await emulator?.stop();
  await server?.stop();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
}
