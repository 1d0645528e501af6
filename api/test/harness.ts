import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, inject } from 'vitest';
import { createRequestListener } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { AppDeps } from '../src/deps.ts';
import { createLogger } from '../src/logger.ts';
import { createTestDb } from './db.ts';
import { RecordingBus } from './doubles.ts';
import { createPhoneIdentity } from '../src/identity/phoneIdentity.ts';
import { startPayments, type PaymentsRuntime } from '../src/payments/boot.ts';
import { startYouTube, type YouTubeRuntime } from '../src/youtube/boot.ts';
import { createDb } from '../src/db/knex.ts';
import { createRealtime, type Realtime, type RealtimeOptions } from '../src/realtime/hub.ts';
import { SpeechQueue } from '../src/modules/show/speech.jobs.ts';
import { createSpeechEngine } from '../src/speech/index.ts';

export interface TestApp {
  url: string;
  deps: AppDeps;
  /** The sandbox payments runtime (gateway over the in-process Razorpay simulator). */
  payments: PaymentsRuntime;
  /** The HTTP server (websocket upgrades arrive here). */
  server: http.Server;
  /** URL of this app's database (pass as `databaseUrl` to start a second instance over the same database). */
  databaseUrl: string;
  /** The speech queue (await `speech.idle()` to see the speech of tips pushed live). */
  speech: SpeechQueue;
  /** The real realtime hub when the app was created with `realtime`, else null (deps.realtime records). */
  hub: Realtime | null;
  /** JSON request against the running app; returns status, parsed body and headers. */
  request<T = unknown>(
    method: string,
    path: string,
    opts?: { body?: unknown; rawBody?: string | Buffer; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  close(): Promise<void>;
}

let identity: ReturnType<typeof createPhoneIdentity> | null = null;

/** The real firebase-admin verifier against this run's Auth emulator (one per test worker). */
export function testIdentity() {
  identity ??= createPhoneIdentity({ projectId: 'demo-shabaash', emulatorHost: inject('authEmulatorHost') });
  return identity;
}

/** `http://host:port` of the run's Auth emulator, for getPhoneIdToken. */
export function authEmulatorUrl(): string {
  return `http://${inject('authEmulatorHost')}`;
}

/** Test configuration: defaults plus overrides, never reading the developer's shell environment. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    // Every test calls from one loopback address: the per-address top-up limit is lifted (wallet/topUpLimits.test.ts sets its own).
    ADD_MONEY_LIMIT_PER_IP_PER_MINUTE: '100000',
    ...overrides,
  });
}

/**
 * A real app on a real HTTP port over this file's own database. Closed automatically after the file.
 * `extend` lets a test add dependencies (identity, payments, realtime) as they are built.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    extend?: (deps: AppDeps) => Promise<AppDeps> | AppDeps;
    /** Use a real realtime hub (LISTEN/NOTIFY, ws at /ws) instead of the recording bus; options override defaults. */
    realtime?: boolean | Partial<Omit<RealtimeOptions, 'databaseUrl'>>;
    /** Run over this existing database (a second instance of another TestApp) instead of a fresh clone. */
    databaseUrl?: string;
    /** Connect YouTube through the YouTube simulator (as the sandbox product does), instead of none. */
    youtube?: boolean;
  } = {},
): Promise<TestApp> {
  const {
    db,
    drop,
    url: databaseUrl,
  } = options.databaseUrl
    ? (() => {
        const shared = createDb(options.databaseUrl, 10);
        return { db: shared, url: options.databaseUrl, drop: () => shared.destroy() };
      })()
    : await createTestDb();
  const config = testConfig(options.env);
  let url = '';
  const payments = await startPayments(config, () => `${url}/api/webhooks/razorpay`);
  const speech = new SpeechQueue({
    db,
    logger: createLogger('silent'),
    engine: createSpeechEngine(config),
    // deps.realtime becomes the hub below when a test asks for one.
    realtime: { showEvent: (...args) => deps.realtime.showEvent(...args) },
  });
  let deps: AppDeps = {
    config,
    db,
    logger: createLogger('silent'),
    version: 'test',
    identity: testIdentity(),
    realtime: new RecordingBus(),
    speech,
    payments: payments.gateway,
    checkout: payments.checkout,
  };
  let hub: Realtime | null = null;
  if (options.realtime) {
    const extra = options.realtime === true ? {} : options.realtime;
    // The suites play hundreds of clients from one loopback address and a few accounts: caps well above them,
    // and full catch-ups, unless a test sets its own (realtime/caps.test.ts, replayThrottle.test.ts show them refusing).
    hub = createRealtime(deps, {
      maxSocketsPerUser: 1000,
      maxSocketsPerIp: 10_000,
      maxUnauthenticatedSocketsPerIp: 10_000,
      fullReplaysPerUserPerMinute: 10_000,
      fullReplaysPerIpPerMinute: 100_000,
      ...extra,
      databaseUrl,
    });
    await hub.ready();
    deps.realtime = hub;
  }
  let youtube: YouTubeRuntime | null = null;
  if (options.youtube) {
    youtube = await startYouTube(config, () => url);
    deps.youtube = youtube.oauth;
  }
  if (options.extend) deps = await options.extend(deps);
  const server = http.createServer(createRequestListener(deps, { sandboxRouter: payments.sandboxRouter }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  hub?.attach(server);

  const testApp: TestApp = {
    url,
    deps,
    payments,
    server,
    databaseUrl,
    speech,
    hub,
    async request(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      let body: string | Buffer | undefined;
      if (opts.rawBody !== undefined) {
        body = opts.rawBody;
        headers['content-type'] ??= 'application/json';
      } else if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers['content-type'] = 'application/json';
      }
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const res = await fetch(`${url}${path}`, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // non-JSON bodies (HTML, scripts) stay as text
      }
      return { status: res.status, body: parsed as never, headers: res.headers };
    },
    async close() {
      await hub?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await payments.stop();
      await youtube?.stop();
      await speech.close();
      await drop();
    },
  };
  afterAll(() => testApp.close());
  return testApp;
}
