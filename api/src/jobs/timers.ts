import type { AppDeps } from '../deps.ts';
import { endDueTimers } from '../modules/timer/timer.service.ts';
import { repeatEvery } from './repeat.ts';

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
  return repeatEvery({
    job: 'timers',
    everyMs: options.intervalMs ?? DEFAULT_INTERVAL_MS,
    firstNow: true,
    logger: deps.logger,
    failed: 'ending subathon timers failed',
    run: async () => {
      const ended = await endDueTimers(deps);
      if (ended > 0) deps.logger.info({ ended }, 'subathon timers ended');
    },
  });
}
