import type { ClientWindow } from '../probes/clientTrace.ts';
import type { LatencySamples } from '../phases/latency.ts';
import type { Row } from './table.ts';
import { fmt, ms } from '../settings.ts';
import type { SysWindow } from '../probes/sysTrace.ts';

/** The API's stamps of one window (bench/probes/apiTrace.mjs), epoch ms. */
export interface ApiTrace {
  tips: Record<
    string,
    {
      req?: number;
      flush?: number;
      dbStart?: number;
      dbEnd?: number;
      batch?: number;
      res?: number;
      readStart?: number;
      readEnd?: number;
      writes: number[];
    }
  >;
  stalls: Array<[number, number]>;
  gcs: Array<[number, number, number]>;
  /** Bursts of other socket writes: [start, end, count, what]. */
  bursts?: Array<[number, number, number, string]>;
}

/** The stages of one receipt, in order; they add up to send → that socket's receipt. */
export const STAGES = [
  ['send → request written', 'the bench: http.request, its agent, its event loop until the write'],
  ['written → API request', 'loopback and the API’s event loop until it parsed the headers'],
  ['request → batch', 'body, auth, creator context, waiting for the group-commit batch in flight'],
  ['pool acquire', 'the batch waited for a database connection'],
  ['batch statement', 'shabaash_send_wallet_tips round trip, commit (WAL fsync) included'],
  [
    'commit → publish read',
    'the space’s publish queue and the event loop before the realtime read (0: no read)',
  ],
  ['publish read', 'creatorChangesSince round trip (0: pushed from the committed row, no read)'],
  ['read → socket write', 'publish queue (from the commit, with no read), shaping, encoding, earlier writes'],
  ['write → client receipt', 'loopback, the bench’s event loop and the frames it parsed before this one'],
] as const;

/** What the breakdown of one window found (JSON and the printed table). */
export interface TailBreakdown {
  samples: number;
  /** Receipts matched with every API stamp. */
  traced: number;
  threshold: number;
  tailSamples: number;
  tailTips: number;
  /** Per stage: median over all traced receipts, mean over the tail ones, and how many tail receipts it led. */
  stages: Array<{ stage: string; p50All: number; meanTail: number; maxTail: number; ledTail: number }>;
  /** Client send lag (ms): how late each request started after it was due (p50 / p99 / max). */
  sendLag: { p50: number; p99: number; max: number };
  /** Per kind of event: tail receipts whose send → receipt overlapped one, and the mean ms they overlapped. */
  overlaps: Record<string, { receipts: number; meanMs: number }>;
  /** Bursts of other socket writes in the window: count, writes, longest. */
  bursts: Record<string, { bursts: number; writes: number; longestMs: number }>;
  batch: { p50: number; max: number };
  worstTips: Array<{ tip: number; totalMs: number; stages: number[] }>;
  client: Omit<ClientWindow, 'stalls' | 'gcs'> & { stalls: number; stallMaxMs: number };
  api: { stalls: number; stallMaxMs: number; gcs: number; gcMaxMs: number };
  sys: Omit<SysWindow, 'background'> & { background: string[] };
}

const quantile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;

/** Milliseconds of [from, to] covered by the events (which may overlap each other: each counted). */
const overlapMs = (events: Array<[number, number]>, from: number, to: number) =>
  events.reduce((sum, [s, e]) => sum + Math.max(0, Math.min(e, to) - Math.max(s, from)), 0);

/**
 * Splits every receipt of a window into STAGES, the k-th receipt of a tip (in time) paired with the k-th write of
 * its frame, and says where the receipts at or above the window's p99 spent their time.
 */
export function tailBreakdown(
  s: LatencySamples,
  api: ApiTrace,
  client: ClientWindow,
  sys: SysWindow,
): TailBreakdown {
  const label = s.prefix.slice('lat'.length, -1);
  const epoch = (t: number) => s.origin + t;
  const totals: number[] = [];
  const rows: Array<{ tip: number; total: number; send: number; recv: number; stages: number[] | null }> = [];
  const lags: number[] = [];
  const batches: number[] = [];
  for (const i of s.okTips) {
    const send = epoch(s.sentAt[i]!);
    lags.push(s.sentAt[i]! - s.scheduledAt[i]!);
    const a = api.tips[`${label}:${i}`];
    const receipts = [...s.receipts[i]!].sort((x, y) => x - y).map(epoch);
    const writes = a ? [...a.writes].sort((x, y) => x - y) : [];
    if (a?.batch) batches.push(a.batch);
    const full =
      a &&
      [a.req, a.flush, a.dbStart, a.dbEnd].every((v) => v !== undefined) &&
      !Number.isNaN(s.writtenAt[i]) &&
      writes.length >= receipts.length;
    receipts.forEach((recv, k) => {
      totals.push(recv - send);
      const marks = full
        ? [
            send,
            epoch(s.writtenAt[i]!),
            a.req!,
            a.flush!,
            a.dbStart!,
            a.dbEnd!,
            // A tip pushed from its committed row was not read back: its read stages are empty.
            a.readStart ?? a.dbEnd!,
            a.readEnd ?? a.dbEnd!,
            writes[k]!,
            recv,
          ]
        : null;
      rows.push({
        tip: i,
        total: recv - send,
        send,
        recv,
        stages: marks ? marks.slice(1).map((m, j) => m - marks[j]!) : null,
      });
    });
  }
  const sortedTotals = [...totals].sort((x, y) => x - y);
  const threshold = quantile(sortedTotals, 0.99);
  const traced = rows.filter((r) => r.stages);
  const tail = traced.filter((r) => r.total >= threshold);
  const stages = STAGES.map(([stage], j) => {
    const all = traced.map((r) => r.stages![j]!).sort((x, y) => x - y);
    const inTail = tail.map((r) => r.stages![j]!);
    return {
      stage,
      p50All: quantile(all, 0.5),
      meanTail: inTail.length ? inTail.reduce((x, y) => x + y, 0) / inTail.length : 0,
      maxTail: inTail.length ? Math.max(...inTail) : 0,
      ledTail: tail.filter((r) => r.stages!.indexOf(Math.max(...r.stages!)) === j).length,
    };
  });
  /** GC pauses ([start, duration, …]) as [start, end] spans. */
  const gcSpans = (gcs: ReadonlyArray<readonly [number, number, ...number[]]>) =>
    gcs.map(([st, d]): [number, number] => [st, st + d]);
  const bg = sys.background.map((b): [number, number] => [b.start - 250, b.end + 250]);
  const bursts: TailBreakdown['bursts'] = {};
  const burstEvents: Record<string, Array<[number, number]>> = {};
  for (const [start, end, count, what] of api.bursts ?? []) {
    const b = (bursts[what] ??= { bursts: 0, writes: 0, longestMs: 0 });
    b.bursts++;
    b.writes += count;
    b.longestMs = Math.max(b.longestMs, end - start);
    (burstEvents[`API writes: ${what}`] ??= []).push([start, end]);
  }
  const events: Record<string, Array<[number, number]>> = {
    'API event-loop stall > 6 ms': api.stalls,
    'API GC pause': gcSpans(api.gcs),
    'bench (sending) event-loop stall > 6 ms': client.stalls,
    'bench (sending) GC pause': gcSpans(client.gcs),
    'creator sockets thread: event-loop stall > 6 ms': s.receiverTrace?.stalls ?? [],
    'creator sockets thread: GC pause': gcSpans(s.receiverTrace?.gcs ?? []),
    'autovacuum or checkpoint writes (±250 ms)': bg,
    ...burstEvents,
  };
  const tailRowsOf = rows.filter((r) => r.total >= threshold);
  const overlaps = Object.fromEntries(
    Object.entries(events).map(([k, ev]) => {
      const hit = tailRowsOf.map((r) => overlapMs(ev, r.send, r.recv)).filter((x) => x > 0);
      return [
        k,
        { receipts: hit.length, meanMs: hit.length ? hit.reduce((a, b) => a + b, 0) / hit.length : 0 },
      ];
    }),
  );
  const worst = new Map<number, (typeof rows)[number]>();
  for (const r of rows) if ((worst.get(r.tip)?.total ?? -1) < r.total) worst.set(r.tip, r);
  const sortedLags = lags.sort((x, y) => x - y);
  const sortedBatches = batches.sort((x, y) => x - y);
  const { stalls: cs, gcs: _cg, ...clientRest } = client;
  return {
    samples: rows.length,
    traced: traced.length,
    threshold,
    tailSamples: rows.filter((r) => r.total >= threshold).length,
    tailTips: new Set(rows.filter((r) => r.total >= threshold).map((r) => r.tip)).size,
    stages,
    sendLag: { p50: quantile(sortedLags, 0.5), p99: quantile(sortedLags, 0.99), max: sortedLags.at(-1) ?? 0 },
    overlaps,
    bursts,
    batch: { p50: quantile(sortedBatches, 0.5), max: sortedBatches.at(-1) ?? 0 },
    worstTips: [...worst.values()]
      .sort((x, y) => y.total - x.total)
      .slice(0, 5)
      .map((r) => ({ tip: r.tip, totalMs: r.total, stages: r.stages ?? [] })),
    client: {
      ...clientRest,
      stalls: cs.length,
      stallMaxMs: cs.reduce((m, [a, b]) => Math.max(m, b - a), 0),
    },
    api: {
      stalls: api.stalls.length,
      stallMaxMs: api.stalls.reduce((m, [a, b]) => Math.max(m, b - a), 0),
      gcs: api.gcs.length,
      gcMaxMs: api.gcs.reduce((m, [, d]) => Math.max(m, d), 0),
    },
    sys: { ...sys, background: sys.background.map((b) => `${b.what} ${ms(b.end - b.start)}`) },
  };
}

/** The printed breakdown of one window. */
export function tailRows(who: string, t: TailBreakdown): Row[] {
  const rows: Row[] = [
    [
      `${who}: stage (send → receipt = their sum)`,
      'p50 all / mean, max in tail',
      `led the tail (of ${fmt(t.tailSamples)} receipts ≥ p99 ${ms(t.threshold)}, ${t.tailTips} tips)`,
    ],
  ];
  STAGES.forEach(([stage, what], j) => {
    const s = t.stages[j]!;
    rows.push([
      `  ${stage}`,
      `${ms(s.p50All)} / ${ms(s.meanTail)}, ${ms(s.maxTail)}`,
      `${fmt(s.ledTail)} — ${what}`,
    ]);
  });
  const tail = t.tailSamples || 1;
  for (const [what, o] of Object.entries(t.overlaps)) {
    if (o.receipts === 0) continue;
    rows.push([
      `  tail receipts during ${what}`,
      `${Math.round((o.receipts / tail) * 100)} %, ${ms(o.meanMs)} of it`,
      what.startsWith('API writes: ')
        ? `${fmt(t.bursts[what.slice('API writes: '.length)]?.writes ?? 0)} writes in ${t.bursts[what.slice('API writes: '.length)]?.bursts ?? 0} bursts in the window, longest ${ms(t.bursts[what.slice('API writes: '.length)]?.longestMs ?? 0)}`
        : 'share of the tail receipts it overlapped, and the mean overlap',
    ]);
  }
  rows.push(
    [
      '  worst tips (ms per stage)',
      t.worstTips.map((w) => ms(w.totalMs)).join(', '),
      t.worstTips.map((w) => w.stages.map((x) => x.toFixed(1)).join('+')).join('; '),
    ],
    [
      '  bench process',
      `loop ${ms(t.client.eventLoopDelayMs.p99)} p99, ${ms(t.client.eventLoopDelayMs.max)} max`,
      `${t.client.stalls} stalls > 6 ms (max ${ms(t.client.stallMaxMs)}); GC ${t.client.gcMs.count} pauses, max ${ms(t.client.gcMs.max)}; send lag p50/p99/max ${ms(t.sendLag.p50)} / ${ms(t.sendLag.p99)} / ${ms(t.sendLag.max)}`,
    ],
    [
      '  API process',
      `${t.api.stalls} stalls > 6 ms, max ${ms(t.api.stallMaxMs)}`,
      `GC ${t.api.gcs} pauses, max ${ms(t.api.gcMaxMs)}; batch size p50/max ${t.batch.p50} / ${t.batch.max}; ${fmt(t.traced)}/${fmt(t.samples)} receipts traced`,
    ],
    [
      '  machine',
      `load ${t.sys.load1[0]} → ${t.sys.load1[1]}`,
      `run-queue wait API / bench / PostgreSQL ${ms(t.sys.runQueueWaitMs.api)} / ${ms(t.sys.runQueueWaitMs.bench)} / ${ms(t.sys.runQueueWaitMs.postgres)}; CPU pressure ${t.sys.cpuPressureMs === null ? 'n/a' : ms(t.sys.cpuPressureMs)} in ${t.sys.seconds.toFixed(1)} s; cores ${Object.entries(
        t.sys.cores,
      )
        .filter(([, v]) => v > 0)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    ],
    [
      '  PostgreSQL',
      t.sys.checkpoints
        ? `${t.sys.checkpoints.timed + t.sys.checkpoints.requested} checkpoints`
        : 'checkpoints n/a',
      `${t.sys.checkpoints ? `write ${ms(t.sys.checkpoints.writeMs)}, sync ${ms(t.sys.checkpoints.syncMs)}, ${fmt(t.sys.checkpoints.buffers)} buffers; ` : ''}background: ${t.sys.background.join(', ') || 'none seen'}`,
    ],
  );
  return rows;
}
