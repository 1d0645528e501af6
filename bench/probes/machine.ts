import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { REPO_ROOT } from '../product.ts';
import { log, SETTINGS } from '../settings.ts';

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
    ...speed(),
  };
}

/**
 * How fast this machine is at the two things the bench does most, so runs on different machines of the same
 * name can be told apart: the CPU time of one system call (fstat, the cheapest that enters the kernel; every
 * socket read and write pays that entry) and of a fixed JavaScript loop. The same "2 CPUs (AMD EPYC)" has
 * shown syscalls of 4.6 µs (a paging-virtualised guest with page-table isolation), where bare metal takes
 * ~0.1 µs: there every figure of the socket-heavy phases is several times slower (docs/PERFORMANCE.md).
 */
export function speed(): { syscallUs: number; jsLoopMs: number } {
  const CALLS = 100_000;
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const t0 = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) fs.fstatSync(0);
    const used = process.cpuUsage(t0);
    best = Math.min(best, (used.user + used.system) / CALLS);
  }
  const t0 = process.cpuUsage();
  let x = 0;
  for (let i = 0; i < 100_000_000; i++) x += i % 7;
  const used = process.cpuUsage(t0);
  if (x < 0) log('unreachable'); // keeps the loop from being optimised away
  return {
    syscallUs: Math.round(best * 100) / 100,
    jsLoopMs: Math.round((used.user + used.system) / 1000),
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
 * N client sockets here plus N in the API (a child, which inherits our limit) need N + 1,500 descriptors per
 * process. Node cannot raise its own limit, so when the soft limit is below that and the hard one is higher,
 * re-run this script (same arguments) under `ulimit -n`; then open as many idle sockets as the limit allows
 * (up to SETTINGS.idleSockets) and say so.
 */
export function ensureFileLimit(): { idleSockets: number; note: string } {
  const need = SETTINGS.idleSockets + 1500;
  const limits = openFileLimits();
  if (!limits) return { idleSockets: SETTINGS.idleSockets, note: 'open-file limit unknown' };
  if (limits.soft >= need) return { idleSockets: SETTINGS.idleSockets, note: `ulimit -n ${limits.soft}` };
  if (limits.hard > limits.soft && !process.env.SHABAASH_BENCH_REEXEC) {
    const target = Math.min(limits.hard, need);
    log(`ulimit -n is ${limits.soft}; re-running under ulimit -n ${target}`);
    const args = process.argv
      .slice(2)
      .map((a) => `'${a.replace(/'/g, "'\\''")}'`)
      .join(' ');
    const r = spawnSync(
      'sh',
      ['-c', `ulimit -n ${target} && exec "${process.execPath}" --import tsx bench/run.ts ${args}`],
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
