import type { AppDeps } from '../../deps.ts';

/**
 * At most `limit` tasks running at once: `run` waits for a free slot, then starts the task without awaiting it.
 * A task that throws is logged (a transfer left `created` is reconciled later).
 */
export function boundedRunner(limit: number, log: AppDeps['logger']) {
  const running = new Set<Promise<void>>();
  return {
    async run(task: () => Promise<void>): Promise<void> {
      while (running.size >= limit) await Promise.race(running);
      const p: Promise<void> = task()
        .catch((err: unknown) => log.error({ err: String(err) }, 'payout transfer send failed'))
        .finally(() => running.delete(p));
      running.add(p);
    },
    async drain(): Promise<void> {
      await Promise.all(running);
    },
  };
}
