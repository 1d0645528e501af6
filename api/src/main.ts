import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './server.ts';
import { firstLine, StartupError } from './startupError.ts';

/** How long Ctrl-C (or SIGTERM) waits for the parts to stop before it exits anyway, saying which ones. */
const SHUTDOWN_LIMIT_MS = 10_000;

/** `npm start`: the whole product on one port, with embedded defaults for every part that is not configured. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let running;
  try {
    running = await startServer(config);
  } catch (err) {
    // One line that names the part and the setting to change (StartupError), or the first line of anything else.
    console.error(
      err instanceof StartupError ? err.message : `Start-up failed: ${firstLine(err, 'unknown error')}`,
    );
    if (!(err instanceof StartupError) && config.LOG_LEVEL === 'debug') console.error(err);
    process.exit(1);
  }
  const lines = [
    `Shabaash is running at ${running.url}`,
    ...Object.entries(running.modes).map(([k, v]) => `  ${k}: ${v}`),
  ];
  for (const account of running.demoAccounts) {
    lines.push(`  demo ${account.role}: phone ${account.phone}, password ${account.password}`);
  }
  console.log(lines.join('\n'));

  let stopping = false;
  const shutdown = (signal: string) => {
    // A second Ctrl-C, or SHUTDOWN_LIMIT_MS later: say what the stop still waits for, and exit now (the exit
    // handlers take the Auth emulator and the embedded PostgreSQL along).
    const giveUp = (why: string) => {
      const waiting = running.waitingFor();
      console.error(
        `${why}; exiting without waiting for: ${waiting.length > 0 ? waiting.join(', ') : 'nothing'}.`,
      );
      process.exit(1);
    };
    if (stopping) return giveUp(`${signal} received again`);
    stopping = true;
    console.log(`\n${signal} received, shutting down…`);
    setTimeout(
      () => giveUp(`Still shutting down after ${SHUTDOWN_LIMIT_MS / 1000} s`),
      SHUTDOWN_LIMIT_MS,
    ).unref();
    running
      .stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
