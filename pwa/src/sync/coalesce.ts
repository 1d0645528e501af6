/**
 * Wraps `run` so that its runs never overlap: a call while one runs gets that run's promise and asks for one more
 * run after it, so any number of calls during a run coalesce into a single further run, which gets the latest
 * call's argument (a caller asking to replay "as of" a later time must not be answered with an older one).
 */
export function coalescing<A>(run: (arg: A) => Promise<void>): (arg: A) => Promise<void> {
  let running: Promise<void> | null = null;
  /** The argument of the next run, when one is asked for. */
  let pending: { arg: A } | null = null;
  return (arg) => {
    pending = { arg };
    if (running) return running;
    running = (async () => {
      try {
        while (pending) {
          const next = pending.arg;
          pending = null;
          await run(next);
        }
      } finally {
        running = null;
      }
    })();
    return running;
  };
}
