import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/ports.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningProduct {
  url: string;
  pid: number;
  /** Port of the product's embedded PostgreSQL, and a postgres:// URL for it. */
  pgPort: number;
  databaseUrl: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  /** Ends the process (SIGTERM, SIGKILL after 20 s) and removes its temp data dir. */
  stop(): Promise<void>;
}

/**
 * Spawns `node --import tsx api/src/main.ts` (what `npm start` runs) with a temp DATA_DIR and loopback ports,
 * and waits for /api/health to be 200. `env` overrides the defaults (e.g. a pinned PORT for Lighthouse CI; an
 * undefined value unsets one, e.g. FIREBASE_AUTH_EMULATOR_HOST to start with the default settings);
 * `nodeArgs` go before the script (the bench's `--cpu-prof`). Shared by e2e, torture, bench and lhci.
 */
export async function startProduct(
  env: Record<string, string | undefined> = {},
  { nodeArgs = [], attempt = 1 }: { nodeArgs?: string[]; attempt?: number } = {},
): Promise<RunningProduct> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-product-'));
  fs.chmodSync(dataDir, 0o755);
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const pgPort = env.EMBEDDED_PG_PORT ? Number(env.EMBEDDED_PG_PORT) : await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await freePort()}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output += d.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  // PRODUCT_START_TIMEOUT_MS: the bench's emulated VM (npm run bench:idle-vm) starts far slower than this machine.
  const deadline = Date.now() + Number(process.env.PRODUCT_START_TIMEOUT_MS ?? 150_000);
  for (;;) {
    if (child.exitCode !== null) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      // The API port we picked was free when asked but taken before the product bound it (test files start
      // processes in parallel, and the API binds only after PostgreSQL is up): pick again, unless it was pinned.
      if (!env.PORT && output.includes(`EADDRINUSE: address already in use 127.0.0.1:${port}`) && attempt < 3)
        return startProduct(env, { nodeArgs, attempt: attempt + 1 });
      throw new Error(`product exited early (${child.exitCode}):\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`product did not become healthy in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid ?? 0,
    pgPort,
    databaseUrl: `postgres://shabaash:shabaash@127.0.0.1:${pgPort}/shabaash`,
    dataDir,
    process: child,
    output: () => output,
    stop,
  };
}

/** Whether a process of this pid still runs. */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The embedded PostgreSQL outlives a SIGKILLed product: stop the one of `dataDir` (SIGQUIT: immediate shutdown,
 * so the next start does crash recovery), for the crash torture tests.
 */
export async function killLeftoverPostgres(dataDir: string): Promise<void> {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  const pid = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : 0;
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  process.kill(pid, 'SIGQUIT');
  const deadline = Date.now() + 20_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  while (alive(pid)) await new Promise((r) => setTimeout(r, 100));
}

/** Resolves once the product's API process has exited (at once when it already has). */
export function productExited(product: RunningProduct): Promise<void> {
  return new Promise<void>((resolve) =>
    product.process.exitCode !== null || product.process.signalCode
      ? resolve()
      : product.process.once('exit', () => resolve()),
  );
}

/** SIGKILLs the product's API process (the crash of a crash test) and resolves once it has exited. */
export async function killProduct(product: RunningProduct): Promise<void> {
  process.kill(product.process.pid!, 'SIGKILL');
  await productExited(product);
}

/**
 * The afterAll of a crash test: stops the products still running (a SIGKILLed one leaves only its data dir,
 * removed here), the embedded PostgreSQL the kill left behind, and the shared data dir.
 */
export async function stopCrashProducts(products: RunningProduct[], dataDir: string): Promise<void> {
  for (const p of products) {
    if (p.process.exitCode === null && p.process.signalCode === null) await p.stop();
    else fs.rmSync(p.dataDir, { recursive: true, force: true });
  }
  await killLeftoverPostgres(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * A data dir, ports and environment for a product that a crash test kills and restarts on the same data:
 * `env` goes to startProduct (both times), `databaseUrl` reaches its embedded PostgreSQL.
 */
export async function crashProductEnv(
  name: string,
  env: Record<string, string>,
): Promise<{ dataDir: string; env: Record<string, string>; databaseUrl: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shabaash-${name}-`));
  fs.chmodSync(dataDir, 0o755);
  const pgPort = await freePort();
  return {
    dataDir,
    env: { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'warn', ...env },
    databaseUrl: `postgres://shabaash:shabaash@127.0.0.1:${pgPort}/shabaash`,
  };
}
