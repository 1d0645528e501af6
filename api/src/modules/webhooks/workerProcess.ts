import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { MODULE_EXT } from '../../runtime.ts';

const ENTRY = fileURLToPath(new URL(`../../webhooksWorker${MODULE_EXT}`, import.meta.url));
/** A restarted worker waits 1 s, doubling up to 30 s while it keeps dying within a minute of its start. */
const RESTART_MS = 1000;
const RESTART_MAX_MS = 30_000;
const HEALTHY_AFTER_MS = 60_000;
/** How long a stop waits for the deliveries in flight before SIGKILL (their leases cover what is cut); within the 10 s a Ctrl-C gives the whole shutdown. */
const STOP_GRACE_MS = 7_000;

export interface WebhookProcess {
  /** True while the worker process runs (false between a crash and its restart, and with WEBHOOK_WORKER=off). */
  running(): boolean;
  stop(): Promise<void>;
}

/**
 * Forks the delivery worker (webhooksWorker.ts) with this instance's database and supervises it: restarted with
 * backoff when it dies, SIGTERM on stop (it finishes the batches in flight). It dies with this process. Nothing
 * with WEBHOOK_WORKER=off.
 */
export function startWebhookProcess(
  config: Pick<Config, 'WEBHOOK_WORKER'>,
  databaseUrl: string,
  logger: Logger,
): WebhookProcess {
  if (config.WEBHOOK_WORKER === 'off') return { running: () => false, stop: () => Promise.resolve() };
  // The compiled API forks the compiled worker with its own flags; TypeScript under tsx or Vitest needs the loader.
  const execArgv =
    MODULE_EXT === '.js' || process.execArgv.some((a) => a.includes('tsx'))
      ? process.execArgv
      : [...process.execArgv, '--import', 'tsx'];
  let child: ChildProcess | null = null;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  const start = () => {
    const startedAt = Date.now();
    const worker = fork(ENTRY, [], {
      execArgv,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = worker;
    worker.on('error', (err) => logger.error({ err }, 'webhook worker process error'));
    worker.once('exit', (code, signal) => {
      child = null;
      if (stopped) return;
      failures = Date.now() - startedAt > HEALTHY_AFTER_MS ? 1 : failures + 1;
      const delay = Math.min(RESTART_MS * 2 ** (failures - 1), RESTART_MAX_MS);
      logger.error({ code, signal, restartInMs: delay }, 'webhook worker exited; restarting');
      timer = setTimeout(start, delay);
    });
  };
  start();
  const running = () => {
    const worker = child as ChildProcess | null;
    return worker !== null && worker.exitCode === null && worker.signalCode === null;
  };
  const stop = async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const worker = child;
    if (!worker || worker.exitCode !== null || worker.signalCode !== null) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.kill('SIGTERM');
    const kill = setTimeout(() => worker.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(kill);
  };
  return { running, stop };
}
