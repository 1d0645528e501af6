import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchProduct } from '../product.ts';
import { REPO_ROOT } from '../product.ts';
import { sleep } from '../settings.ts';
import type { ApiTrace } from '../reports/tailBreakdown.ts';

/** What bench/probes/apiProbe.mjs reports from inside the API process for one phase (tail diagnostics). */
export interface ProbeReport {
  /** The window's length, and the CPU time (user + system) the API process used in it. */
  windowMs: number;
  cpuMs: number;
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  gcMs: { count: number; p50: number; p99: number; max: number; total: number };
  poolWaitMs: { count: number; p50: number; p99: number; max: number; total: number; pendingMax: number };
  socketWrites: { sends: number; sendsBehind: number; bufferedMax: number };
  /** process.memoryUsage() at the read (after a full GC when readProbe was asked for one), bytes. */
  memory?: { rss: number; heapUsed: number; external: number; arrayBuffers: number };
  /** Per-tip stage stamps of a send → socket window (bench/probes/apiTrace.mjs); removed before the JSON is saved. */
  trace?: ApiTrace;
}

/**
 * Node arguments and environment that preload the probe into the API process, and the statement counter
 * (bench/probes/workerProbe.mjs) that only its webhook worker child turns on.
 */
export function probeSetup(): { nodeArgs: string[]; env: Record<string, string>; file: string } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-probe-')), 'probe.json');
  return {
    nodeArgs: [
      '--expose-gc',
      '--import',
      path.join(REPO_ROOT, 'bench', 'probes', 'apiProbe.mjs'),
      '--import',
      path.join(REPO_ROOT, 'bench', 'probes', 'workerProbe.mjs'),
    ],
    env: { BENCH_PROBE_FILE: file },
    file,
  };
}

/**
 * Asks the API process for what it saw since the last read (SIGUSR2) and starts a new window; null if no answer.
 * `gc` runs a full collection first, so that `memory.heapUsed` counts live objects only.
 */
export async function readProbe(
  product: BenchProduct,
  file: string,
  opts: { gc?: boolean } = {},
): Promise<ProbeReport | null> {
  fs.rmSync(file, { force: true });
  if (opts.gc) fs.writeFileSync(`${file}.gc`, '');
  try {
    process.kill(product.pid, 'SIGUSR2');
  } catch {
    return null;
  }
  for (let i = 0; i < 500; i++) {
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as ProbeReport;
    await sleep(20);
  }
  return null;
}

/** Statements the webhook worker process has sent so far (bench/probes/workerProbe.mjs); null before its first write. */
export function workerStatements(file: string): number | null {
  try {
    return (JSON.parse(fs.readFileSync(`${file}.worker.json`, 'utf8')) as { statements: number }).statements;
  } catch {
    return null;
  }
}
