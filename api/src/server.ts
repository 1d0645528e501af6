import type http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { Config } from './config.ts';
import { createRequestListener } from './app.ts';
import { createHttpServer, DEFAULT_SERVER_LIMITS } from './http/server.ts';
import { createDb, migrateLatest, type Db } from './db/knex.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.ts';
import { createLogger, type Logger } from './logger.ts';
import type { AppDeps, HealthPart } from './deps.ts';
import { startIdentity } from './identity/boot.ts';
import { createPhoneIdentity } from './identity/phoneIdentity.ts';
import { startPayments } from './payments/boot.ts';
import { startYouTubePart } from './youtube/boot.ts';
import { createRealtime } from './realtime/hub.ts';
import { SpeechQueue } from './modules/show/speech.jobs.ts';
import { createSpeechEngine } from './speech/index.ts';
import { startReconcileLoop } from './jobs/reconcile.ts';
import { startAutoClearLoop } from './jobs/autoClear.ts';
import { startTimerLoop } from './jobs/timers.ts';
import { startWebhookProcess } from './modules/webhooks/workerProcess.ts';
import { startPayoutLoop } from './jobs/payouts.ts';
import { startDailyReconciliationLoop } from './jobs/dailyReconciliation.ts';
import { startYouTubeFollower } from './youtube/liveChat/follower.ts';
import { seedSandboxIfEnabled, type DemoAccount } from './sandboxSeed.ts';
import { isPortFree, portHolder } from './ports.ts';
import { StartupError, startPart } from './startupError.ts';
import { StopList } from './shutdown.ts';
import { paymentsHealth, realtimeHealth } from './modules/health/parts.ts';
import { instrumentPool } from './metrics/pool.ts';
import { refuseHeldBalancesWhenWalletOff } from './modules/wallet/heldBalances.ts';
import { REPO_ROOT } from './runtime.ts';

const PAYMENTS_FIX = 'Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET to use Razorpay instead of the simulator';

export const PWA_DIST = path.join(REPO_ROOT, 'pwa', 'dist');

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  modes: Record<string, string>;
  /** Demo sign-ins created in sandbox mode (empty otherwise). */
  demoAccounts: readonly DemoAccount[];
  stop(): Promise<void>;
  /** While stop() runs: the part it waits for now, then those still to stop. */
  waitingFor(): readonly string[];
}

function readVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** Builds the PWA once when `<root>/pwa/dist` is missing, so `npm start` works on a fresh clone. */
export function ensurePwaBuilt(logger: Logger, root = REPO_ROOT): void {
  if (fs.existsSync(path.join(root, 'pwa', 'dist', 'index.html'))) return;
  logger.info('building the PWA (first start)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'pwa'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    const why = result.error ? result.error.message : `npm run build -w pwa exited with ${result.status}`;
    throw new StartupError(
      'PWA build',
      why,
      'Run `npm run build` to see the error (the files go to pwa/dist)',
    );
  }
}

/** Stops before anything starts when the product's own port is taken (it used to fail last, after the rest). */
async function assertPortFree(config: Config): Promise<void> {
  if (config.PORT === 0 || (await isPortFree(config.PORT, config.listenHost))) return;
  const holder = portHolder(config.PORT);
  throw new StartupError(
    'port',
    `port ${config.PORT} is taken${holder ? ` by ${holder}` : ''}`,
    'Set PORT to a free port (PORT=0 picks one)',
  );
}

/**
 * The instance's background work, each stopped with the rest: payment reconciliation, auto-clear, subathon timers,
 * the outgoing-webhook worker process (off this event loop and pool, WEBHOOK_WORKER), payouts, the daily
 * reconciliation and (with YouTube on) the live-chat follower. Returns whether the webhook worker process runs
 * (for /api/health).
 */
function startBackgroundWork(deps: AppDeps, databaseUrl: string, stops: StopList): () => boolean {
  const worker = { running: () => false };
  const parts: Array<[string, () => () => unknown]> = [
    ['payment reconciliation', () => startReconcileLoop(deps)],
    ['auto-clear', () => startAutoClearLoop(deps)],
    ['subathon timers', () => startTimerLoop(deps)],
    [
      'webhook worker',
      () => {
        const process = startWebhookProcess(deps.config, databaseUrl, deps.logger);
        worker.running = process.running;
        return () => process.stop();
      },
    ],
    ['payouts', () => startPayoutLoop(deps)],
    ['daily reconciliation', () => startDailyReconciliationLoop(deps)],
  ];
  const youtube = deps.youtube;
  if (youtube) parts.push(['YouTube live chat', () => startYouTubeFollower(deps, youtube, databaseUrl)]);
  for (const [part, start] of parts) {
    const stop = start();
    stops.add(part, async () => {
      await stop();
    });
  }
  return () => worker.running();
}

/** The database: embedded PostgreSQL unless DATABASE_URL names one, its pool, migrations, the wallet-off check. */
async function startDatabase(
  config: Config,
  logger: Logger,
  stops: StopList,
): Promise<{ databaseUrl: string; embedded: EmbeddedServer | null; db: Db }> {
  let databaseUrl = config.DATABASE_URL;
  let embedded: EmbeddedServer | null = null;
  if (!databaseUrl) {
    const started = await startEmbeddedPostgres({
      dataDir: path.join(config.DATA_DIR, 'pg'),
      port: config.EMBEDDED_PG_PORT,
      log: (line) => logger.debug({ pg: line.trim() }, 'postgres'),
      note: (line) => logger.warn(line),
    });
    stops.add('database', () => started.stop());
    embedded = started;
    databaseUrl = started.url;
  }
  const db: Db = createDb(databaseUrl, config.DATABASE_POOL_MAX);
  stops.add('database pool', () => db.destroy());
  await startPart('database', 'Check DATABASE_URL (or DATA_DIR for the embedded one)', () =>
    migrateLatest(db),
  );
  // WALLET_MODE=off over wallets that still hold money: refused, naming the command that lists them.
  await refuseHeldBalancesWhenWalletOff(db, config);
  return { databaseUrl, embedded, db };
}

/** Phone identity: real Firebase with a service account, else an Auth emulator of this instance's own. */
async function startPhoneIdentity(config: Config, logger: Logger, stops: StopList) {
  const identityPart = await startIdentity(config, logger, (line) => logger.warn(line));
  stops.add('Auth emulator', () => identityPart.stop());
  // The emulator's address as it turned out (the default port gives way when taken), for the PWA and the CSP.
  const runConfig: Config = { ...config, FIREBASE_AUTH_EMULATOR_HOST: identityPart.emulatorHost };
  const identity = createPhoneIdentity({
    projectId: config.FIREBASE_PROJECT_ID,
    emulatorHost: identityPart.emulatorHost,
    serviceAccountJson: config.FIREBASE_SERVICE_ACCOUNT,
  });
  stops.add('identity', () => identity.close());
  return { identityPart, identity, runConfig };
}

/** /api/health's webhook worker part: the forked process must be running unless it runs apart. */
function webhookWorkerHealth(config: Config, worker: { running(): boolean }): HealthPart {
  return {
    name: 'webhookWorker',
    mode: config.WEBHOOK_WORKER === 'off' ? 'off (a separate npm run webhooks:worker)' : 'process',
    check: async () => {
      if (config.WEBHOOK_WORKER !== 'off' && !worker.running())
        throw new Error('the webhook worker process is not running (it restarts after a crash)');
    },
  };
}

/**
 * Serves the app and the websockets on PORT; returns the port it listens on. Stops: the HTTP server (idle
 * connections closed, the rest after 5 s), and before it the sockets (stops run in reverse order).
 */
async function listenHttp(
  handler: http.RequestListener,
  config: Config,
  realtime: ReturnType<typeof createRealtime>,
  stops: StopList,
): Promise<number> {
  const server = createHttpServer(handler, {
    ...DEFAULT_SERVER_LIMITS,
    maxConnectionsPerIp: config.maxConnectionsPerIp,
  });
  realtime.attach(server);
  await startPart(
    'port',
    'Set PORT to a free port (PORT=0 picks one)',
    () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.PORT, config.listenHost, resolve);
      }),
  );
  stops.add(
    'HTTP server',
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5000).unref();
      }),
  );
  stops.add('websockets', () => realtime.close());
  const address = server.address();
  return typeof address === 'object' && address ? address.port : config.PORT;
}

/** Starts every part of the product on one port and returns a handle that stops them in order. */
export async function startServer(
  config: Config,
  logger = createLogger(config.LOG_LEVEL),
): Promise<RunningServer> {
  const stops = new StopList();
  const stopAll = () => stops.stopAll((part, err) => logger.warn({ err, part }, 'error while stopping'));
  try {
    if (config.productionRehearsal)
      logger.warn(
        'PRODUCTION_REHEARSAL: a rehearsal of production against loopback stand-ins (RAZORPAY_HOST_URL, FIREBASE_AUTH_EMULATOR_HOST); never serve real users from it',
      );
    await assertPortFree(config);
    const { databaseUrl, embedded, db } = await startDatabase(config, logger, stops);
    const { identityPart, identity, runConfig } = await startPhoneIdentity(config, logger, stops);

    let listenPort = config.PORT;
    const payments = await startPart('Razorpay simulator', PAYMENTS_FIX, () =>
      startPayments(config, () => `http://127.0.0.1:${listenPort}/api/webhooks/razorpay`, logger),
    );
    stops.add('Razorpay simulator', () => payments.stop());
    const youtube = await startYouTubePart(config, () => listenPort, stops);
    // The hub reads committed changes through its own small pool, so pushes never queue behind writes.
    const realtimeDb: Db = createDb(databaseUrl, 4);
    instrumentPool(realtimeDb, 'realtime');
    stops.add('database pool', () => realtimeDb.destroy());
    const realtime = createRealtime({ db: realtimeDb, config: runConfig, logger }, { databaseUrl });
    // Closed before its pool even when start-up fails later (close is idempotent; see the normal order below).
    stops.add('websockets', () => realtime.close());
    await realtime.ready();

    const speech = new SpeechQueue({ db, logger, engine: createSpeechEngine(config), realtime });
    stops.add('speech', () => speech.close());
    const demoAccounts = await seedSandboxIfEnabled({ db, config: runConfig, realtime, speech });

    ensurePwaBuilt(logger);
    const webhookWorker = { running: () => false };
    const deps: AppDeps = {
      config: runConfig,
      db,
      logger,
      version: readVersion(),
      identity,
      payments: payments.gateway,
      checkout: payments.checkout,
      youtube: youtube.oauth,
      realtime,
      speech,
      healthParts: [
        realtimeHealth(realtime),
        { name: 'identity', mode: identityPart.healthMode, check: () => identityPart.check() },
        paymentsHealth(config, payments),
        webhookWorkerHealth(config, webhookWorker),
      ],
    };
    const handler = createRequestListener(deps, {
      staticDir: PWA_DIST,
      sandboxRouter: payments.sandboxRouter,
    });
    const port = await listenHttp(handler, config, realtime, stops);
    webhookWorker.running = startBackgroundWork(deps, databaseUrl, stops);
    listenPort = port;
    const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
    const modes = {
      listening:
        config.HOST === undefined && config.paymentsSandbox
          ? `${config.listenHost} only (sandbox: its pay page credits for free; set HOST=0.0.0.0 to open it to your network)`
          : config.listenHost,
      identity: identityPart.mode,
      payments: payments.mode,
      youtube: youtube.mode,
      database: embedded
        ? `embedded PostgreSQL on port ${embedded.port} (${path.resolve(config.DATA_DIR, 'pg')})`
        : 'external (DATABASE_URL)',
    };
    return { url, port, deps, modes, demoAccounts, stop: stopAll, waitingFor: () => stops.waitingFor() };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
