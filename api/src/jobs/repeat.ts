import type { Logger } from '../logger.ts';

/**
 * Runs `run` at once (`firstNow`) or after one interval, then `everyMs` after each run ends, until stopped: a run
 * never overlaps the next. A run that throws is logged (`failed`, with `job`) and the next still comes. Returns
 * stop(), which cancels the next run and waits for one in progress. Every background loop of an instance is one.
 */
export function repeatEvery(options: {
  job: string;
  everyMs: number;
  firstNow: boolean;
  logger: Logger;
  failed: string;
  run(): Promise<void>;
}): () => Promise<void> {
  const { everyMs, logger } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const tick = () => {
    running = options
      .run()
      .catch((err: unknown) => logger.error({ err, job: options.job }, options.failed))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs).unref();
      });
  };
  if (options.firstNow) tick();
  else timer = setTimeout(tick, everyMs).unref();

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
