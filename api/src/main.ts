import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './server.ts';
import { firstLine, StartupError } from './startupError.ts';

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
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received, shutting down…`);
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
