import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { floorRows, type FloorResults } from '../floors/figures.ts';
import type { LoopResult } from '../load/load.ts';
import type { PgbenchResult } from '../probes/pgbench.ts';
import type { ProbeReport } from '../probes/probe.ts';
import { idleRows, type IdleMemory } from '../phases/idle.ts';
import { REPO_ROOT } from '../product.ts';
import { idleVmRows, latestIdleVm } from '../vm/results.ts';
import type { machine } from '../probes/machine.ts';
import { fmt, ms, SETTINGS, T0 } from '../settings.ts';
import { SPEECH_MESSAGE_CHARS, type SpeechPhase } from '../phases/speech.ts';
import type { WebhooksPhase } from '../phases/webhooks.ts';
import { webhookCpuRows, webhookRows } from './webhooksReport.ts';
import { tailRows } from './tailBreakdown.ts';
import type { LatencyPhase } from '../phases/phases.ts';
import { failures, pct, table, tail, type Row } from './table.ts';

/** The pgbench baselines: the bench's own script (lookups, simple protocol) and the minimal one (prepared). */
export type Baseline = 'hot' | 'spread' | 'minimalHot' | 'minimalSpread';

/** What one operation cost: CPU ms per process group, and pg_stat_database counters, per operation. */
export interface SendCost {
  ops: number;
  cpuMs: { bench: number; api: number; postgres: number };
  db: Record<string, number>;
}

/** "bench 0.31 + API 0.25 + PostgreSQL 0.45 = 1.01 ms CPU; 1.00 commits, 9.0 rows written". */
export function costLine(c: SendCost | undefined): string {
  if (!c) return 'not measured';
  const { bench, api, postgres } = c.cpuMs;
  const written = (c.db.tup_inserted ?? 0) + (c.db.tup_updated ?? 0) + (c.db.tup_deleted ?? 0);
  return `load generator ${bench.toFixed(2)} + API ${api.toFixed(2)} + PostgreSQL ${postgres.toFixed(2)} = ${(bench + api + postgres).toFixed(2)} ms CPU; ${(c.db.xact_commit ?? 0).toFixed(2)} commits, ${written.toFixed(1)} rows written, ${(c.db.blks_hit ?? 0).toFixed(0)} buffer hits`;
}

export interface Results {
  takenAt: string;
  command: string;
  machine: ReturnType<typeof machine> & { postgres?: string; openFiles: string; loadAverageEnd?: number };
  settings: typeof SETTINGS;
  complete: boolean;
  notes: string[];
  throughput: { hot?: LoopResult; spread?: LoopResult };
  pgbench: Partial<Record<Baseline, PgbenchResult | null>> & { script?: string; minimalScript?: string };
  ratio: Partial<Record<Baseline, number | null>>;
  /** CPU ms and database counters per tip (HTTP) or per transaction (minimal pgbench), runners.ts#costMeter. */
  cost: Partial<Record<Baseline, SendCost>>;
  latency: { spread?: LatencyPhase; hot?: LatencyPhase; sustainable?: LatencyPhase };
  recent?: LoopResult & { creatorTips: number };
  memory?: IdleMemory;
  speech?: SpeechPhase;
  webhooks?: WebhooksPhase;
  /** The floors' figures, under the same client in the same run (bench/floors). */
  floors: FloorResults;
  /** What the API process saw during each measuring job (bench/probes/apiProbe.mjs); null when it did not answer. */
  diagnostics: Record<string, ProbeReport | null>;
  durationSeconds?: number;
}

export function rowsOf(r: Results): Row[] {
  const rows: Row[] = [['Measure', 'Result', 'Detail']];
  const tp = (label: string, res: LoopResult | undefined) => {
    if (!res) return rows.push([label, 'not run', '']);
    rows.push([
      label,
      fmt(res.perSecond),
      `${SETTINGS.httpConcurrency} in flight, ${(res.elapsedMs / 1000).toFixed(1)} s, ${fmt(res.ok)} ok; latency p50/p99 ${ms(res.latency.p50)} / ${ms(res.latency.p99)}${failures(res)}`,
    ]);
  };
  const pg = (label: string, res: PgbenchResult | null | undefined) =>
    rows.push([
      label,
      res ? fmt(res.tps) : res === null ? 'pgbench unavailable' : 'not run',
      res ? `${res.command}; avg ${res.latencyAvgMs} ms; ${res.failed} failed` : '',
    ]);
  tp('Wallet tips/s, HTTP, 1 hot creator', r.throughput.hot);
  tp('Wallet tips/s, HTTP, 20 creators', r.throughput.spread);
  const costs: Array<[string, Baseline]> = [
    ['  CPU per tip, 1 hot creator', 'hot'],
    ['  CPU per tip, 20 creators', 'spread'],
    ['  CPU per minimal pgbench transaction, 20 creators', 'minimalSpread'],
  ];
  for (const [label, key] of costs)
    if (r.cost[key])
      rows.push([
        label,
        `${Object.values(r.cost[key].cpuMs)
          .reduce((x, y) => x + y, 0)
          .toFixed(2)} ms`,
        costLine(r.cost[key]),
      ]);
  pg('pgbench TPS, same DB, 1 hot creator', r.pgbench.hot);
  pg('pgbench TPS, same DB, 20 creators', r.pgbench.spread);
  pg('Minimal pgbench TPS (prepared), 1 hot creator', r.pgbench.minimalHot);
  pg('Minimal pgbench TPS (prepared), 20 creators', r.pgbench.minimalSpread);
  const ratio = (v: number | null | undefined) => (v == null ? 'n/a' : v.toFixed(2));
  rows.push(['Ratio HTTP / pgbench, 1 hot creator', ratio(r.ratio.hot), 'target ≥ 0.50']);
  rows.push(['Ratio HTTP / pgbench, 20 creators', ratio(r.ratio.spread), 'target ≥ 0.50']);
  rows.push(['Ratio HTTP / minimal pgbench, 1 hot creator', ratio(r.ratio.minimalHot), 'target ≥ 0.8']);
  rows.push(['Ratio HTTP / minimal pgbench, 20 creators', ratio(r.ratio.minimalSpread), 'target ≥ 1.0']);
  const phases: Array<[string, LatencyPhase | undefined]> = [
    ['20 creators', r.latency.spread],
    ['1 hot creator', r.latency.hot],
  ];
  if (r.latency.sustainable)
    phases.push([`20 creators at ${r.latency.sustainable.rate}/s`, r.latency.sustainable]);
  for (const [who, l] of phases) {
    if (!l) {
      rows.push([`Send → creator socket, ${who}`, 'not run', '']);
      continue;
    }
    const unanswered = l.sent - l.ok - l.failed;
    rows.push(
      [
        `Send → creator socket, ${who}, p50/p99/p99.9/max`,
        tail(l.sendToReceipt),
        `${l.rate} tips/s for ${(l.durationMs ?? SETTINGS.latencyMs) / 1000} s${l.label === 'slow' || !SETTINGS.latencyWarmupMs ? '' : ` after a ${SETTINGS.latencyWarmupMs / 1000} s warm-up at the same rate (not counted)`}, ${l.sockets} sockets open (${SETTINGS.socketsPerCreator} per creator); ${fmt(l.receipts)}/${fmt(l.receiptsExpected)} receipts, every one counted${failures(l)}${unanswered ? `; ${unanswered} unanswered` : ''}; target p50 ≤ 3 ms, p99 ≤ 15 ms`,
      ],
      [
        '  send → first of the creator’s sockets',
        tail(l.sendToFirstReceipt),
        'the earliest of the 50 receipts of each tip',
      ],
      [
        '  HTTP response → socket receipt',
        pct(l.responseToReceipt),
        'lower bound of commit → receipt (negative: socket before response)',
      ],
      ['  HTTP send → response', pct(l.httpResponse), `${fmt(l.ok)} tips answered 200`],
    );
  }
  if (r.recent) {
    rows.push([
      'GET /api/tips/recent req/s',
      fmt(r.recent.perSecond),
      `${SETTINGS.recentConcurrency} in flight, authorised viewers, creator with ${fmt(r.recent.creatorTips)} tips; p50/p99 ${ms(r.recent.latency.p50)} / ${ms(r.recent.latency.p99)}${failures(r.recent)}`,
    ]);
  } else rows.push(['GET /api/tips/recent req/s', 'not run', '']);
  rows.push(...idleRows(r.memory));
  // The open-file limit capped the idle sockets here: cite the newest VM run on this machine that held more.
  const inVm = r.memory && r.memory.open < SETTINGS.idleSockets ? latestIdleVm() : null;
  if (inVm && r.memory && (inVm.result.memory?.open ?? 0) > r.memory.open) rows.push(...idleVmRows(inVm));
  const sp = r.speech;
  rows.push(
    sp
      ? [
          `Time to audio ready, ${SPEECH_MESSAGE_CHARS} chars, p50/p95/max`,
          `${ms(sp.ready.p50)} / ${ms(sp.ready.p95)} / ${ms(sp.ready.max)}`,
          `PATCH status read → GET /api/overlay/speech 200; ${sp.samples} tips one at a time, Hindi and English alternately; embedded eSpeak NG; last file ${fmt(sp.audioBytes / 1024)} KiB${sp.failed ? `; ${sp.failed} failed` : ''}`,
        ]
      : ['Time to audio ready', 'not run', ''],
  );
  rows.push(...webhookRows(r.webhooks));
  rows.push(...floorRows(r));
  rows.push(...webhookCpuRows(r.webhooks));
  return rows;
}

export function printAndSave(r: Results): void {
  r.machine.loadAverageEnd = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
  r.durationSeconds = Math.round((performance.now() - T0) / 1000);
  const mc = r.machine;
  const header = [
    `Shabaash bench — ${r.takenAt} — command: ${r.command}${r.complete ? '' : ' — INCOMPLETE (the time budget cut a phase, or the open-file limit capped the idle sockets)'}`,
    `Machine: ${mc.nproc} CPUs (${mc.cpuModel}), ${mc.memoryGiB} GiB RAM, ${mc.kernel}, Node ${mc.node}, ${mc.postgres ?? 'PostgreSQL ?'}, ${mc.pgbench}`,
    `One API process (DATABASE_POOL_MAX=${SETTINGS.apiPoolMax}) with embedded PostgreSQL (fsync on); load generator and pgbench on the same machine over loopback.`,
    `Load average (1 min): ${mc.loadAverage} at start, ${mc.loadAverageEnd} at end. Run time ${r.durationSeconds} s.`,
    `Speed at start: one syscall (fstat) ${mc.syscallUs} µs of CPU; 10^8 iterations of a JS loop ${mc.jsLoopMs} ms (bench/probes/machine.ts#speed).`,
    ...r.notes.map((n) => `Note: ${n}`),
  ];
  const tails = (
    [
      ['20 creators', r.latency.spread?.tail],
      ['hot creator', r.latency.hot?.tail],
    ] as const
  ).flatMap(([who, t]) => (t ? [`${table(tailRows(`Send → socket, ${who}`, t))}\n\n`] : []));
  console.log(
    `\n${header.join('\n')}\n\n${table(rowsOf(r))}\n\n${table(diagnosticRows(r))}\n\n${tails.join('')}`,
  );
  // BENCH_RESULTS_DIR: the guest of `npm run bench:idle-vm` writes to the host's directory for that run.
  const resultsDir = process.env.BENCH_RESULTS_DIR ?? path.join(REPO_ROOT, 'bench', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${r.takenAt.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(r, null, 2));
  console.log(`JSON: ${process.env.BENCH_RESULTS_DIR ? file : path.relative(REPO_ROOT, file)}`);
}

/** The tail diagnostics of each measuring job, as the API process saw them (bench/probes/apiProbe.mjs). */
export function diagnosticRows(r: Results): Row[] {
  const rows: Row[] = [
    ['API process during', 'Event-loop delay p50/p99/max', 'GC, pool waits, socket writes'],
  ];
  for (const [phase, d] of Object.entries(r.diagnostics)) {
    if (!d) {
      rows.push([phase, 'no probe answer', '']);
      continue;
    }
    const { gcMs: gc, poolWaitMs: pool, socketWrites: w } = d;
    rows.push([
      phase,
      `${ms(d.eventLoopDelayMs.p50)} / ${ms(d.eventLoopDelayMs.p99)} / ${ms(d.eventLoopDelayMs.max)}`,
      `GC ${fmt(gc.count)} pauses, ${ms(gc.total)} total, max ${ms(gc.max)}; pool waits ${fmt(pool.count)}, p50/p99/max ${ms(pool.p50)} / ${ms(pool.p99)} / ${ms(pool.max)}, ≤ ${pool.pendingMax} queued; ${fmt(w.sends)} socket writes, ${fmt(w.sendsBehind)} behind unsent bytes (max ${fmt(w.bufferedMax / 1024, 1)} KiB)`,
    ]);
  }
  return rows;
}
