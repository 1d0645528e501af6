// Tail diagnostics of the API process under `npm run bench`: preloaded with `--import` into the API
// process only (bench/product.ts), never part of the product. Plain JavaScript because it loads before tsx.
// It keeps, between two reads: the event-loop delay histogram, GC pauses, connection-pool waits (knex's tarn
// pool: acquire() → connection), and socket write backpressure (ws sends that found unsent bytes queued).
// On SIGUSR2 it writes them as JSON to BENCH_PROBE_FILE and starts over; the bench reads one per phase.
import fs from 'node:fs';
import process from 'node:process';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import tarn from 'tarn';
import { WebSocket } from 'ws';
import { installTrace } from './apiTrace.mjs';

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let gc = [];
  let waits = [];
  let pendingMax = 0;
  let sends = 0;
  let sendsBehind = 0;
  let bufferedMax = 0;
  let cpu = process.cpuUsage();
  let since = performance.now();
  // Per-tip stage times of the send → socket windows (bench/probes/apiTrace.mjs), while `<file>.trace` exists.
  const trace = installTrace(`${file}.trace`);

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gc.push(entry.duration);
  }).observe({ entryTypes: ['gc'] });

  const acquire = tarn.Pool.prototype.acquire;
  tarn.Pool.prototype.acquire = function probedAcquire(...args) {
    const t = performance.now();
    const pending = acquire.apply(this, args);
    pendingMax = Math.max(pendingMax, this.numPendingAcquires());
    pending.promise.then(
      () => waits.push(performance.now() - t),
      () => undefined,
    );
    return pending;
  };

  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function probedSend(...args) {
    sends++;
    if (this.bufferedAmount > 0) {
      sendsBehind++;
      bufferedMax = Math.max(bufferedMax, this.bufferedAmount);
    }
    return send.apply(this, args);
  };

  const pct = (sorted, p) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;
  const summary = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      count: sorted.length,
      p50: pct(sorted, 0.5),
      p99: pct(sorted, 0.99),
      max: sorted.at(-1) ?? 0,
      total: sorted.reduce((a, b) => a + b, 0),
    };
  };

  process.on('SIGUSR2', () => {
    // Heap figures after a full collection when the bench asks (a `.gc` file; the API runs with --expose-gc).
    if (fs.existsSync(`${file}.gc`)) {
      fs.rmSync(`${file}.gc`, { force: true });
      globalThis.gc?.();
    }
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const used = process.cpuUsage(cpu);
    const report = {
      windowMs: performance.now() - since,
      cpuMs: (used.user + used.system) / 1000,
      eventLoopDelayMs: {
        p50: loop.percentile(50) / 1e6,
        p99: loop.percentile(99) / 1e6,
        max: loop.max / 1e6,
      },
      gcMs: summary(gc),
      poolWaitMs: { ...summary(waits), pendingMax },
      socketWrites: { sends, sendsBehind, bufferedMax },
      memory: { rss, heapUsed, external, arrayBuffers },
    };
    const traced = trace.read();
    if (Object.keys(traced.tips).length > 0) report.trace = traced;
    trace.refresh();
    loop.reset();
    cpu = process.cpuUsage();
    since = performance.now();
    gc = [];
    waits = [];
    pendingMax = 0;
    sends = sendsBehind = bufferedMax = 0;
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(report));
    fs.renameSync(`${file}.tmp`, file);
  });
}
