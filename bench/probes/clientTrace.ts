import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';

/**
 * The bench process's own stalls during a send → socket window: it holds the 1,000 creator sockets and
 * stamps every receipt, so its event-loop delay and GC pauses count as latency. Times are epoch ms.
 */
export interface ClientWindow {
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  gcMs: { count: number; total: number; max: number };
  /** A 2 ms timer that fired more than 6 ms late: [start, end]. */
  stalls: Array<[number, number]>;
  /** [start, duration ms]. */
  gcs: Array<[number, number]>;
}

export function startClientTrace(): () => ClientWindow {
  const loop = monitorEventLoopDelay({ resolution: 2 });
  loop.enable();
  const stalls: Array<[number, number]> = [];
  const gcs: Array<[number, number]> = [];
  const origin = performance.timeOrigin;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push([origin + e.startTime, e.duration]);
  });
  observer.observe({ entryTypes: ['gc'] });
  let last = performance.now();
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    const t = performance.now();
    if (t - last > 6) stalls.push([origin + last, origin + t]);
    last = t;
    timer = setTimeout(tick, 2);
  };
  timer = setTimeout(tick, 2);
  return () => {
    if (timer) clearTimeout(timer);
    observer.disconnect();
    loop.disable();
    return {
      eventLoopDelayMs: {
        p50: loop.percentile(50) / 1e6,
        p99: loop.percentile(99) / 1e6,
        max: loop.max / 1e6,
      },
      gcMs: {
        count: gcs.length,
        total: gcs.reduce((a, [, d]) => a + d, 0),
        max: gcs.reduce((a, [, d]) => Math.max(a, d), 0),
      },
      stalls,
      gcs,
    };
  };
}
