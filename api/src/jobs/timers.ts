import type { AppDeps } from '../deps.ts';
import { endDueTimers } from '../modules/timer/timer.service.ts';

/** How often each instance looks for subathon timers whose time is up (the widget itself ends on its own clock). */
const DEFAULT_INTERVAL_MS = 1000;

/**
 * Ends subathon timers whose time is up, every `intervalMs` (default 1 s), on every instance: the UPDATE's
 * status guard (and `for update skip locked`) lets exactly one instance end each run, so `timer.ended` goes out
 * once. The query reads a partial index of running timers. Errors are logged, never thrown. Returns stop(),
 * which waits for a run in progress.
 */
export function startTimerLoop(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'logger'>,
  options: { intervalMs?: number } = {},
): () => Promise<void> {
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const tick = () => {
    running = endDueTimers(deps)
      .then((ended) => {
        if (ended > 0) deps.logger.info({ ended }, 'subathon timers ended');
      })
      .catch((err: unknown) => deps.logger.error({ err }, 'ending subathon timers failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs).unref();
      });
  };
  tick();

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
