import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BenchProduct {
  url: string;
  pid: number;
  /** postgres:// URL of the product's embedded PostgreSQL. */
  databaseUrl: string;
  pgPort: number;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** A free TCP port on loopback (asks the kernel for an ephemeral one). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Spawns the API as `npm start` runs it (`node --import tsx api/src/main.ts`) in its own process, with a temp
 * DATA_DIR (embedded PostgreSQL inside), loopback ports, and waits for /api/health. `stop()` ends it and removes the dir.
 */
export async function startBenchProduct(env: Record<string, string>): Promise<BenchProduct> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the API process there (open it in Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'api/src/main.ts'], {
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
      SANDBOX_SEED: 'false',
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
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the API exited early (${child.exitCode}):\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the API did not become healthy in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid ?? 0,
    databaseUrl: `postgres://shabaash:shabaash@127.0.0.1:${pgPort}/shabaash`,
    pgPort,
    dataDir,
    process: child,
    output: () => output,
    stop,
  };
}

/** Resident memory of a process in bytes, from /proc/<pid>/status (VmRSS); null when unreadable. */
export function rssBytes(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return m?.[1] ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}
