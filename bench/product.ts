import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProduct, type RunningProduct } from '../api/test/product.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type BenchProduct = RunningProduct;

/**
 * The API as `npm start` runs it, in its own process (startProduct), without the sandbox demo accounts.
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the API process there (open it in Chrome DevTools).
 */
export function startBenchProduct(
  env: Record<string, string>,
  extraNodeArgs: string[] = [],
): Promise<BenchProduct> {
  const nodeArgs = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`, ...extraNodeArgs]
    : extraNodeArgs;
  // The bench opens every socket from loopback, 50 per creator on one session and 10,000 idle ones (up to 100,000): lift the
  // per-account and per-address socket caps (production defaults 20 and 2,000) and full catch-up budgets out of its way.
  const caps = {
    WS_MAX_SOCKETS_PER_USER: '1000000',
    WS_MAX_SOCKETS_PER_IP: '1000000',
    MAX_CONNECTIONS_PER_IP: '100000',
    WS_MAX_UNAUTHENTICATED_SOCKETS_PER_IP: '1000000',
    WS_FULL_REPLAYS_PER_USER_PER_MINUTE: '1000000',
    WS_FULL_REPLAYS_PER_IP_PER_MINUTE: '1000000',
  };
  return startProduct({ SANDBOX_SEED: 'false', ...caps, ...env }, { nodeArgs });
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
