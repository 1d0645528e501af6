/**
 * Wraps `run` so that its runs never overlap: a call while one runs gets that run's promise and asks for one more
 * run after it, so any number of calls during a run coalesce into a single further run, which gets the latest
 * call's argument (a caller asking to replay "as of" a later time must not be answered with an older one).
 */
export function coalescing<A>(run: (arg: A) => Promise<void>): (arg: A) => Promise<void> {
  let running: Promise<void> | null = null;
  let again: { arg: A } | null = null;
  return (arg) => {
    if (running) {
      again = { arg };
      return running;
    }
    running = (async () => {
      let next: A = arg;
      try {
        for (;;) {
          again = null;
          await run(next);
          if (!again) break;
          next = (again as { arg: A }).arg;
        }
      } finally {
        running = null;
      }
    })();
    return running;
  };
}
