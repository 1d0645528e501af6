import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { REPO_ROOT } from './product.ts';
import { log, SETTINGS } from './settings.ts';

// ---------- machine ----------

export function machine() {
  const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  const pgbench = spawnSync('pgbench', ['--version'], { encoding: 'utf8' });
  return {
    nproc: os.availableParallelism(),
    cpuModel: model,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
    pgbench: pgbench.status === 0 ? pgbench.stdout.trim() : 'unavailable',
    /** 1-minute load average when the run started: other work on the machine skews every figure. */
    loadAverage: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}

/** The soft and hard limits on open files of this process, from /proc/self/limits. */
export function openFileLimits(): { soft: number; hard: number } | null {
  try {
    const m = /^Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)/m.exec(
      fs.readFileSync('/proc/self/limits', 'utf8'),
    );
    if (!m) return null;
    const n = (s: string | undefined) => (s === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(s));
    return { soft: n(m[1]), hard: n(m[2]) };
  } catch {
    return null;
  }
}

/**
 * 10,000 client sockets here plus 10,000 in the API (a child, which inherits our limit) need ~11,000 descriptors
 * per process. Node cannot raise its own limit, so when the soft limit is too low but the hard one allows, re-run
 * this script under `ulimit -n`; otherwise open as many idle sockets as the limit allows and say so.
 */
export function ensureFileLimit(): { idleSockets: number; note: string } {
  const need = SETTINGS.idleSockets + 1500;
  const limits = openFileLimits();
  if (!limits) return { idleSockets: SETTINGS.idleSockets, note: 'open-file limit unknown' };
  if (limits.soft >= need) return { idleSockets: SETTINGS.idleSockets, note: `ulimit -n ${limits.soft}` };
  if (limits.hard >= need && !process.env.SHABAASH_BENCH_REEXEC) {
    const target = Math.min(limits.hard, 65_536);
    log(`ulimit -n is ${limits.soft}; re-running under ulimit -n ${target}`);
    const r = spawnSync(
      'sh',
      ['-c', `ulimit -n ${target} && exec "${process.execPath}" --import tsx bench/run.ts`],
      {
        cwd: REPO_ROOT,
        stdio: 'inherit',
        env: { ...process.env, SHABAASH_BENCH_REEXEC: '1' },
      },
    );
    process.exit(r.status ?? 1);
  }
  const fit = Math.max(0, Math.floor((limits.soft - 1500) / 1000) * 1000);
  return {
    idleSockets: fit,
    note: `ulimit -n ${limits.soft} (hard ${limits.hard}) only fits ${fit} idle sockets`,
  };
}
