/**
 * Wraps `run` so that its runs never overlap: a call while one runs gets that run's promise and asks for one more
 * run after it, so any number of calls during a run coalesce into a single further run (with the first call's
 * argument, like the run itself).
 */
export function coalescing<A>(run: (arg: A) => Promise<void>): (arg: A) => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return (arg) => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await run(arg);
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  };
}
