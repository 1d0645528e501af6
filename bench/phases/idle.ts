import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { readProbe, type ProbeReport } from '../probes/probe.ts';
import { rssBytes, type BenchProduct } from '../product.ts';
import type { Row } from '../reports/table.ts';
import type { SeededCreator } from '../load/seed.ts';
import { SETTINGS, fmt, log, MiB, sleep } from '../settings.ts';
import { openRawSocket, type RawSocket } from '../load/rawSocket.ts';

/**
 * The idle-sockets phase of `npm run bench`: hellos/s while opening as many overlay sockets as the
 * open-file limit allows, then the API's memory per idle socket (RSS, and V8 heap after a full GC).
 *
 * The load generator runs on the same two cores as the API, so it must cost less than the API per hello, and the
 * phase prints both CPU times. Two things made it the bottleneck before: it opened 500 sockets, waited for the
 * slowest, then the next 500 (a batch's tail idled both processes); and every socket connected from 127.0.0.1 to
 * one port, so each connect() searched the kernel's ephemeral ports for a free 4-tuple, which grows with the sockets
 * already open (a CPU profile of the client put 43 % of the phase in `internalConnect`). Now a fixed number of
 * hellos stay in flight, the sockets bind source addresses spread over 127.0.0.0/8 (loopback: every address of
 * it reaches the API on 127.0.0.1), each source address holding few ports, and each is a bare client
 * (bench/load/rawSocket.ts) rather than a `ws` one.
 */
export interface IdleMemory {
  requested: number;
  open: number;
  /** Failed hello attempts (each socket is tried up to HELLO_ATTEMPTS times). */
  failed: number;
  firstFailure: string | null;
  /** Time to open and welcome `open` sockets. */
  openMs: number;
  /** Hellos kept in flight while opening. */
  inFlight: number;
  /** Loopback source addresses the sockets were spread over. */
  sourceAddresses: number;
  /** CPU (user + system) of this load generator and of the API process while opening, ms. */
  clientCpuMs: number;
  apiCpuMs: number | null;
  /** CPU of the API's PostgreSQL (postmaster and backends) while opening, ms; null off Linux. */
  postgresCpuMs: number | null;
  rssBefore: number | null;
  rssAfter: number | null;
  /** The API's V8 heap in use after a full GC, before and with the idle sockets open. */
  heapBefore: number | null;
  heapAfter: number | null;
  perSocketBytes: number | null;
  perSocketHeapBytes: number | null;
}

/** Attempts per idle socket before it counts as not opened. */
const HELLO_ATTEMPTS = 3;

/** Sockets per loopback source address: far below the ~14,000 even ports one address's connect() can pick. */
const SOCKETS_PER_SOURCE = 2000;

export async function idlePhase(
  product: BenchProduct,
  probeFile: string,
  creators: SeededCreator[],
  count: number,
  keepGoing: () => boolean,
  diagnostics: Record<string, ProbeReport | null>,
  /** Gets the figures as soon as they are measured, before the sockets close (slow under a VM's emulation). */
  onMeasured: (memory: IdleMemory) => void = () => undefined,
): Promise<IdleMemory> {
  const inFlight = SETTINGS.idleBatch;
  await sleep(1000);
  const before = await readProbe(product, probeFile, { gc: true });
  const rssBefore = rssBytes(product.pid);
  // A fresh window for the hellos: the forced GC's pause would otherwise count as the first event-loop delay.
  await sleep(200);
  await readProbe(product, probeFile);
  const cpu = process.cpuUsage();
  const pgCpu = postgresCpuMs(product.pgPort);
  const opened = await openIdleSockets(
    product.url,
    count,
    (i) => ({ overlayKey: creators[i % creators.length]!.overlayKey }),
    keepGoing,
  );
  const { sockets, failed, firstFailure, openMs, sources } = opened;
  try {
    const used = process.cpuUsage(cpu);
    const pgCpuAfter = postgresCpuMs(product.pgPort);
    const opening = await readProbe(product, probeFile);
    diagnostics['idle sockets (hellos)'] = opening;
    await sleep(2000);
    const after = await readProbe(product, probeFile, { gc: true });
    const rssAfter = rssBytes(product.pid);
    const open = sockets.length;
    const heapBefore = before?.memory?.heapUsed ?? null;
    const heapAfter = after?.memory?.heapUsed ?? null;
    const memory: IdleMemory = {
      requested: count,
      open,
      failed,
      firstFailure,
      openMs,
      inFlight,
      sourceAddresses: sources,
      clientCpuMs: (used.user + used.system) / 1000,
      apiCpuMs: opening?.cpuMs ?? null,
      postgresCpuMs: pgCpu !== null && pgCpuAfter !== null ? pgCpuAfter - pgCpu : null,
      rssBefore,
      rssAfter,
      heapBefore,
      heapAfter,
      perSocketBytes: rssAfter && rssBefore && open ? (rssAfter - rssBefore) / open : null,
      perSocketHeapBytes: heapAfter && heapBefore && open ? (heapAfter - heapBefore) / open : null,
    };
    onMeasured(memory);
    return memory;
  } finally {
    await Promise.all(sockets.map((s) => s.close()));
  }
}

/** Sockets opened by openIdleSockets, with how long it took and what failed. */
export interface OpenedSockets {
  sockets: RawSocket[];
  failed: number;
  firstFailure: string | null;
  openMs: number;
  /** Loopback source addresses the sockets were spread over. */
  sources: number;
}

/**
 * The second octet of the next opening's source addresses. Each opening takes a block of 127.0.0.0/8 of its own:
 * the sockets of the one before (and of a bench run a minute ago) wait in TIME_WAIT for 60 s on theirs, and a
 * bind() among thousands of held ports costs the kernel a long search, which made the socket floor, opened right
 * after the product on the same addresses, anywhere from 1,258 to 5,394 hellos/s in back-to-back runs.
 */
let nextSourceBlock = 1 + Math.floor(Math.random() * 200);

/**
 * Opens `count` websockets to `url`'s /ws with SETTINGS.idleBatch hellos in flight, bare clients bound to source
 * addresses spread over a fresh block of 127.0.0.0/8 (see idlePhase); the product and the socket floor are opened
 * alike.
 */
export async function openIdleSockets(
  url: string,
  count: number,
  hello: (i: number) => Record<string, unknown>,
  keepGoing: () => boolean,
): Promise<OpenedSockets> {
  const { hostname, port } = new URL(url);
  const target = { host: hostname, port: Number(port), path: '/ws' };
  const sources = Math.max(1, Math.ceil(count / SOCKETS_PER_SOURCE));
  const block = nextSourceBlock;
  nextSourceBlock = (nextSourceBlock % 254) + 1;
  const sockets: RawSocket[] = [];
  let failed = 0;
  let firstFailure: string | null = null;
  let next = 0;
  let stopped = false;
  const t = performance.now();
  const worker = async () => {
    while (next < count && !stopped) {
      const i = next++;
      const localAddress = `127.${block}.${Math.floor((i % sources) / 250)}.${2 + ((i % sources) % 250)}`;
      // A hello that timed out (an emulated guest stalls for seconds in a full GC) is tried again, so the phase
      // ends with the sockets it asked for; `failed` counts every failed attempt.
      for (let attempt = 1; attempt <= HELLO_ATTEMPTS; attempt++) {
        try {
          sockets.push(await openRawSocket(target, hello(i), localAddress, 15_000));
          break;
        } catch (err) {
          failed++;
          firstFailure ??= String(err);
        }
      }
      if (i % 10_000 === 9_999) {
        const s = (performance.now() - t) / 1000;
        log(
          `  ${fmt(sockets.length)} welcomed in ${s.toFixed(0)} s (${fmt(sockets.length / s)}/s), ${fmt(failed)} failed attempts`,
        );
      }
      if (i % 1000 === 999 && !keepGoing()) {
        stopped = true;
        firstFailure ??= `stopped opening at ${sockets.length}: time budget`;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SETTINGS.idleBatch, count) }, worker));
  return { sockets, failed, firstFailure, openMs: performance.now() - t, sources };
}

/**
 * CPU time (user + system, ms) of the PostgreSQL server listening on `port` and its backends so far, from /proc
 * (Linux); null elsewhere. The third party of a hello's cost on the same cores.
 */
export function postgresCpuMs(port: number): number | null {
  try {
    const procs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
    const stat = (pid: string) => {
      const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // After the command: state ppid … utime is field 14 of stat, stime 15 (1-based, counting pid and comm).
      return { ppid: fields[1]!, ticks: Number(fields[11]) + Number(fields[12]) };
    };
    const postmaster = procs.find((pid) => {
      try {
        const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return args[0]?.endsWith('/postgres') && args[args.indexOf('-p') + 1] === String(port);
      } catch {
        return false;
      }
    });
    if (!postmaster) return null;
    let ticks = 0;
    for (const pid of procs) {
      try {
        const s = stat(pid);
        if (pid === postmaster || s.ppid === postmaster) ticks += s.ticks;
      } catch {
        // gone meanwhile
      }
    }
    return ticks * 10; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** The report's rows of the idle phase. */
export function idleRows(m: IdleMemory | undefined): Row[] {
  if (!m) return [['API RSS with idle sockets', 'not run', '']];
  const failures = m.failed
    ? `; ${fmt(m.failed)} hello attempts failed, each socket tried up to ${HELLO_ATTEMPTS} times (first: ${m.firstFailure ?? '?'})`
    : '';
  const kib = (bytes: number | null) => (bytes === null ? 'n/a' : `${fmt(bytes / 1024, 1)} KiB`);
  const rows: Row[] = [
    [
      'API RSS: no sockets → idle sockets',
      m.rssBefore && m.rssAfter ? `${fmt(m.rssBefore / MiB)} → ${fmt(m.rssAfter / MiB)} MiB` : 'n/a',
      `${fmt(m.open)}/${fmt(m.requested)} sockets hello'd (overlay key) in ${(m.openMs / 1000).toFixed(1)} s; target 100,000 in < 1 GiB${failures}`,
    ],
    [
      '  per idle socket: RSS / V8 heap',
      `${kib(m.perSocketBytes)} / ${kib(m.perSocketHeapBytes)}`,
      `heap after a full GC ${m.heapBefore && m.heapAfter ? `${fmt(m.heapBefore / MiB)} → ${fmt(m.heapAfter / MiB)} MiB` : 'n/a'}; the rest of RSS is native memory (libuv and TCP handles, allocator pages); kernel socket buffers are not in RSS`,
    ],
  ];
  if (m.open < SETTINGS.idleSockets && m.perSocketBytes && m.rssBefore) {
    const at = m.rssBefore + SETTINGS.idleSockets * m.perSocketBytes;
    rows.push([
      `  API RSS at ${fmt(SETTINGS.idleSockets)} idle sockets (extrapolated)`,
      `${fmt(at / MiB)} MiB`,
      `not measured: ${m.requested < SETTINGS.idleSockets ? `the open-file limit fits ${fmt(m.requested)}` : `${fmt(m.open)} held in the time budget`}; base + ${fmt(SETTINGS.idleSockets)} × the per-socket RSS`,
    ]);
  }
  const perHello = (ms: number | null) => (ms === null || !m.open ? 'n/a' : `${(ms / m.open).toFixed(3)} ms`);
  rows.push([
    'Hellos/s (overlay key)',
    fmt(m.open / (m.openMs / 1000)),
    `${fmt(m.open)} sockets connected and welcomed, ${fmt(m.inFlight)} in flight, from ${fmt(m.sourceAddresses)} loopback addresses of one load-generator process; CPU per hello: API ${perHello(m.apiCpuMs)}, PostgreSQL ${perHello(m.postgresCpuMs)}, load generator ${perHello(m.clientCpuMs)}; target ≥ 5,000`,
  ]);
  return rows;
}
