import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { WS_HEARTBEAT_MS } from '@shabaash/shared/wsProtocol';
import type { LegalSettings } from '@shabaash/shared';
import { legalEnvShape, resolveLegalSettings } from './legalConfig.ts';
import { parseServiceAccount } from './speech/google.ts';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .default(false);

const rupees = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: 'must be a non-negative rupee amount' });
        return z.NEVER;
      }
      return Math.round(n * 100);
    });

/** The simulator's webhook secret: documented, hence public; live Razorpay keys must come with their own. */
export const SANDBOX_WEBHOOK_SECRET = 'sandbox_webhook_secret';

/**
 * The sandbox's key for the welcome-bonus phone hash: public like the webhook secret above, and only ever used with
 * the Auth emulator, whose phone numbers are test numbers. Real numbers need PHONE_HASH_SECRET.
 */
export const SANDBOX_PHONE_HASH_SECRET = 'sandbox-phone-hash-secret-not-for-real-phone-numbers';
/** The key of guest payer hashes outside production: public, so production refuses to run without its own. */
export const SANDBOX_PAYER_HASH_SECRET = 'sandbox-payer-hash-secret-not-for-real-payers';

/**
 * The key that encrypts YouTube refresh tokens with the simulator: public, so real Google credentials refuse to
 * run with it (base64 of 32 bytes).
 */
export const SANDBOX_YOUTUBE_TOKEN_KEY = Buffer.from('sandbox-youtube-token-key-public', 'utf8').toString(
  'base64',
);

/** 32 bytes, base64: an AES-256 key. */
const aes256Key = z.string().refine((v) => Buffer.from(v, 'base64').length === 32, {
  message: 'must be 32 random bytes in base64 (openssl rand -base64 32)',
});

/** A requests-per-minute limit: a positive integer. */
const perMinute = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

/** Every setting, its default and its meaning. `.env.example` mirrors this list. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Where to listen; unset: 127.0.0.1 in payments sandbox (its pay page credits for free), else 0.0.0.0. */
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Group-commit batches of wallet tips one instance may have in flight at once (measured in the bench). */
  SEND_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(16).default(1),
  // Unset: 54329, or a free port when another product holds it (see api/src/db/embeddedPreflight.ts).
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  /**
   * Key of the HMAC-SHA-256 of a phone number that marks its welcome bonus as paid, kept after the account is
   * deleted (the number itself is erased). Never change it: a new key makes every number eligible again.
   */
  PHONE_HASH_SECRET: z.string().min(32).optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CONTACT_EMAIL: z.email().default('hello@shabaash.in'),
  DEFAULT_CREATOR: z.string().optional(),
  /**
   * The figure beside "Tips processed" on the landing page: `spec` the SPEC's own ("2.5M+"), `count` this
   * deployment's paid tips (rounded down, counted once a day), `hidden` no such claim at all.
   */
  LANDING_TIPS_FIGURE: z
    .enum(['spec', 'count', 'hidden'], {
      message: "use spec (the SPEC's 2.5M+), count (this deployment's own tips, rounded) or hidden",
    })
    .default('spec'),
  WELCOME_BONUS_RUPEES: rupees('10'),
  CASHBACK_BASIS_POINTS: z.coerce.number().int().min(0).max(10000).default(100),
  TOP_UP_MAX_RUPEES: rupees('100000'),
  TIP_MAX_RUPEES: rupees('100000'),
  /** Open /ws sockets one account may hold (tabs, devices, overlays it signs in with); the next is refused 4029. */
  WS_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(20),
  /** Open /ws sockets one creator API token (a bot) may hold; the next is refused 4029. */
  WS_MAX_SOCKETS_PER_API_TOKEN: z.coerce.number().int().min(1).default(5),
  /**
   * Ceiling of open /ws sockets from one client address (an IPv6 /64 counts as one): generous, because many
   * mobile viewers share one carrier-grade NAT address; accounts are capped first (above).
   */
  WS_MAX_SOCKETS_PER_IP: z.coerce.number().int().min(1).default(2000),
  // How often the server pings each open /ws socket (a socket that did not answer the previous ping is closed).
  // The bench's software-emulated VM stretches it: there, pinging 100,000 sockets every 15 s would take both
  // emulated CPUs (docs/PERFORMANCE.md, bench:idle-vm). Clients' own `ping` messages are unaffected.
  WS_HEARTBEAT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(WS_HEARTBEAT_MS),
  /** Sockets from one client address that have not been welcomed yet (no or pending hello); the next is refused 4029. */
  WS_MAX_UNAUTHENTICATED_SOCKETS_PER_IP: z.coerce.number().int().min(1).default(100),
  /** Full catch-ups (hello.since 0, or far behind) one account (or API token) may ask a minute; then 4030. */
  WS_FULL_REPLAYS_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Ceiling of full catch-ups from one client address a minute, whatever the accounts (generous: shared NAT); then 4030. */
  WS_FULL_REPLAYS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  FIREBASE_PROJECT_ID: z.string().default('demo-shabaash'),
  FIREBASE_API_KEY: z.string().default('demo-api-key'),
  FIREBASE_SERVICE_ACCOUNT: z.string().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  /** How long start-up waits for the Auth emulator it starts (a slow machine, e.g. the bench's emulated VM, needs more). */
  AUTH_EMULATOR_START_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  // Google Cloud Text-to-Speech: the service-account key file's JSON. Unset: the embedded eSpeak NG engine.
  GOOGLE_TTS_SERVICE_ACCOUNT: z
    .string()
    .optional()
    .refine((v) => v === undefined || parseServiceAccount(v) !== null, {
      message: 'must be the JSON of a Google service-account key (with client_email and private_key)',
    }),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).default(SANDBOX_WEBHOOK_SECRET),
  /**
   * Key of the HMAC-SHA-256 of a guest payer's UPI VPA, contact and browser token, by which a creator blocks a
   * guest (never stored in clear). Never change it: a new key unblocks every blocked guest.
   */
  PAYER_HASH_SECRET: z.string().min(32).optional(),
  /**
   * Another Razorpay API host for the live-key gateway (a standalone simulator in torture tests); refused in
   * production unless PRODUCTION_REHEARSAL, and then on a loopback address only.
   */
  RAZORPAY_HOST_URL: z.url().optional(),
  /**
   * The rehearsal of a production install (scripts/productionRehearsal.ts): with NODE_ENV=production it allows
   * exactly a loopback RAZORPAY_HOST_URL (a standalone simulator) and a loopback FIREBASE_AUTH_EMULATOR_HOST beside
   * FIREBASE_SERVICE_ACCOUNT. Never in a real deployment: the simulator credits money, emulator tokens are unsigned.
   */
  PRODUCTION_REHEARSAL: bool,
  RAZORPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(10000),
  SANDBOX_SEED: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(true),
  TRUST_PROXY: bool,
  /** With TRUST_PROXY: how many proxies append to X-Forwarded-For; the client is that many entries from the right. */
  /**
   * Open connections per client address (ignored behind TRUST_PROXY, where every client shares the proxy's).
   * Above WS_MAX_SOCKETS_PER_IP: many mobile viewers share one carrier-grade NAT address.
   */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(4096),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  LOGIN_LIMIT_PER_IP_PER_MINUTE: perMinute(30),
  REGISTER_LIMIT_PER_IP_PER_MINUTE: perMinute(20),
  RESET_LIMIT_PER_IP_PER_MINUTE: perMinute(20),
  LEADS_LIMIT_PER_IP_PER_MINUTE: perMinute(30),
  // Outgoing webhooks (modules/webhooks): how often the worker looks for work, the first retry delay (tripled
  // per attempt up to an hour, for 24 h), how long a claimed delivery stays claimed (a dead instance's claims
  // run out after it), and after how many failed attempts in a row an endpoint is disabled.
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(10_000),
  WEBHOOK_CLAIM_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).max(10_000).default(25),
  // Where the delivery worker runs (docs/OPERATIONS.md): `process` (default) forks it as a child process of this
  // instance at a lower CPU priority (WEBHOOK_WORKER_NICE) with its own pool (WEBHOOK_WORKER_POOL_MAX), so its
  // sending never takes the API's event loop or pool; `off` runs none here (a separate `npm run webhooks:worker`).
  // Each claim or derivation sends up to WEBHOOK_BATCH deliveries at once; WEBHOOK_LANES claims run at once. A
  // batch waits up to WEBHOOK_SEND_WAIT_MS for its answers (what answers later is recorded when it does), at most
  // WEBHOOK_ENDPOINT_CONCURRENCY sends are in flight per endpoint, and a lane that found work waits
  // WEBHOOK_GATHER_MS before its next pass so that each pass takes many tips' deliveries.
  WEBHOOK_WORKER: z.enum(['process', 'off']).default('process'),
  WEBHOOK_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  WEBHOOK_WORKER_POOL_MAX: z.coerce.number().int().min(1).max(50).default(3),
  WEBHOOK_BATCH: z.coerce.number().int().min(1).max(10_000).default(2000),
  WEBHOOK_LANES: z.coerce.number().int().min(1).max(16).default(2),
  WEBHOOK_SEND_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  WEBHOOK_GATHER_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  GUEST_ORDER_LIMIT_PER_IP_PER_MINUTE: perMinute(10),
  GUEST_ORDER_LIMIT_PER_CREATOR_PER_MINUTE: perMinute(300),
  /** Wallet top-up orders (POST /api/wallet/add-money) per account and per client address a minute. */
  ADD_MONEY_LIMIT_PER_USER_PER_MINUTE: perMinute(10),
  ADD_MONEY_LIMIT_PER_IP_PER_MINUTE: perMinute(60),
  /** Unpaid top-up orders of the last 30 minutes one account may hold; the next add-money is refused until one is paid. */
  TOP_UP_OPEN_ORDERS_MAX: z.coerce.number().int().min(1).max(1000).default(5),
  /** Creator payouts over Razorpay Route; false keeps earnings in the ledger and moves nothing. */
  PAYOUTS_ROUTE_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(true),
  /** Starter hold window before an earning becomes available (covers refunds and disputes). */
  PAYOUT_HOLD_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** The IST hour (0–23) of the Starter daily batch. */
  PAYOUT_BATCH_HOUR_IST: z.coerce.number().int().min(0).max(23).default(10),
  /** Pro: an available earning waits at most this long to be batched with the creator's others. */
  PAYOUT_PRO_WINDOW_MS: z.coerce.number().int().min(0).max(60_000).default(30_000),
  /** How often the payout job runs. */
  PAYOUT_TICK_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** A transfer recorded but unanswered this long is asked about (matched by our key in its notes). */
  PAYOUT_STUCK_AFTER_MS: z.coerce.number().int().min(0).default(120_000),
  /**
   * Bearer token Prometheus sends to GET /metrics (32+ characters). Unset: /metrics answers 404 in production and,
   * elsewhere, answers only requests from this machine's loopback (never behind TRUST_PROXY).
   */
  METRICS_TOKEN: z.string().min(32).optional(),
  /**
   * Sandbox only: how long the Razorpay simulator takes for each Route step (a review decision, a transfer's
   * processing, a settlement). Unset: the simulator's default (10 ms). The payouts journey slows it down so a
   * creator can watch a transfer in transit before it is paid.
   */
  SANDBOX_ROUTE_STEP_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * Connect YouTube: the OAuth client of your Google Cloud project (docs/OPERATIONS.md, "YouTube"). Both unset: the
   * local YouTube simulator serves the consent page and the Data API (never in production, where YouTube is off).
   */
  GOOGLE_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where Google sends the creator back: the PWA's /creator/youtube/callback, exactly as registered at Google. */
  GOOGLE_OAUTH_REDIRECT_URL: z.url().optional(),
  /** AES-256-GCM key of stored YouTube refresh tokens (base64 of 32 bytes); required with a Google client. */
  YOUTUBE_TOKEN_KEY: aes256Key.optional(),
  /** The YouTube Data API's daily quota of the Google Cloud project, shared by every channel followed (it sets the polling). */
  YOUTUBE_DAILY_QUOTA_UNITS: z.coerce.number().int().min(100).max(1_000_000_000).default(10_000),
  /** How often each instance tries to take the connected channels no instance follows (a dead one's within 30 s). */
  YOUTUBE_CLAIM_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
  /** The least time between two looks for a channel's active broadcast (Start stream looks at once). */
  YOUTUBE_BROADCAST_CHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** After a quota error, the follower tries again after this long (or at the quota's reset, if sooner). */
  YOUTUBE_QUOTA_RETRY_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(86_400_000)
    .default(15 * 60_000),
  /** Sandbox only: a running YouTube simulator (http://127.0.0.1:PORT/) to use instead of starting one. */
  YOUTUBE_SIMULATOR_URL: z.url().optional(),
  /** The legal settings for India (api/src/legalConfig.ts). */
  ...legalEnvShape,
});

export type Config = z.infer<typeof envSchema> & {
  /** True when no Razorpay keys are set: payments go to the local simulator. */
  paymentsSandbox: boolean;
  /** True when Firebase goes to the Auth emulator. */
  authEmulator: boolean;
  /** True when FIREBASE_AUTH_EMULATOR_HOST was set (else its 127.0.0.1:9099 default gives way when taken). */
  authEmulatorHostSet: boolean;
  /** HOST, or its default for the mode. */
  listenHost: string;
  /** MAX_CONNECTIONS_PER_IP, or 0 (no cap) behind a trusted proxy. */
  maxConnectionsPerIp: number;
  /** PHONE_HASH_SECRET, or the public sandbox key with the Auth emulator. */
  phoneHashSecret: string;
  /** PAYER_HASH_SECRET, or (outside production) the public sandbox key. */
  payerHashSecret: string;
  /** NODE_ENV=production with PRODUCTION_REHEARSAL: loopback stand-ins for Razorpay and Firebase are allowed. */
  productionRehearsal: boolean;
  /** The legal settings for India, resolved (docs/OPERATIONS.md, "Legal settings for India"). */
  legal: LegalSettings;
  /** Connect YouTube: Google itself, the local simulator (no Google client outside production), or off. */
  youtubeMode: 'google' | 'simulator' | 'off';
  /** The key of stored YouTube refresh tokens (YOUTUBE_TOKEN_KEY, or the public sandbox key with the simulator). */
  youtubeTokenKey: Buffer;
};

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws a message that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const paymentsSandbox = !c.RAZORPAY_KEY_ID || !c.RAZORPAY_KEY_SECRET;
  if (Boolean(c.RAZORPAY_KEY_ID) !== Boolean(c.RAZORPAY_KEY_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  RAZORPAY_KEY_SECRET: set both RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or neither',
    );
  }
  if (!paymentsSandbox && c.RAZORPAY_WEBHOOK_SECRET === SANDBOX_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  RAZORPAY_WEBHOOK_SECRET: set the webhook secret of your Razorpay dashboard when Razorpay keys are set (the sandbox default is public: anyone could sign a webhook with it)',
    );
  }
  const authEmulator = !c.FIREBASE_SERVICE_ACCOUNT;
  if (c.NODE_ENV === 'production' && !c.PHONE_HASH_SECRET)
    throw new ConfigError(
      'Invalid configuration:\n  PHONE_HASH_SECRET: required in production (32+ characters, never changed: it marks which phone numbers had the welcome bonus)',
    );
  if (!authEmulator && !c.PHONE_HASH_SECRET)
    throw new ConfigError(
      'Invalid configuration:\n  PHONE_HASH_SECRET: required with FIREBASE_SERVICE_ACCOUNT (32+ characters): real phone numbers are never hashed with the public sandbox key',
    );
  if (c.NODE_ENV === 'production') {
    if (paymentsSandbox) {
      throw new ConfigError(
        'Invalid configuration:\n  RAZORPAY_KEY_ID: production refuses the Razorpay simulator (its pay endpoint would credit wallets for free); set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET',
      );
    }
    if (authEmulator || (c.FIREBASE_AUTH_EMULATOR_HOST && !c.PRODUCTION_REHEARSAL)) {
      throw new ConfigError(
        'Invalid configuration:\n  FIREBASE_AUTH_EMULATOR_HOST: production refuses the Auth emulator (its tokens are unsigned); set FIREBASE_SERVICE_ACCOUNT',
      );
    }
    if (!c.JWT_SECRET)
      throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production (32+ characters)');
    if (!c.PAYER_HASH_SECRET)
      throw new ConfigError(
        'Invalid configuration:\n  PAYER_HASH_SECRET: required in production (32+ characters, never changed: it keys the hashes of blocked guest payers)',
      );
    if (c.RAZORPAY_HOST_URL && !c.PRODUCTION_REHEARSAL)
      throw new ConfigError(
        'Invalid configuration:\n  RAZORPAY_HOST_URL: production talks to Razorpay itself; unset it',
      );
    if (c.PRODUCTION_REHEARSAL) assertRehearsalOnLoopback(c);
  }
  const youtubeMode = resolveYouTubeMode(c);
  const legal = resolveLegalSettings(c, paymentsSandbox);
  if (typeof legal === 'string') throw new ConfigError(`Invalid configuration:\n  ${legal}`);
  const authEmulatorHostSet = c.FIREBASE_AUTH_EMULATOR_HOST !== undefined;
  if (authEmulator) c.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
  return {
    ...c,
    paymentsSandbox,
    authEmulator,
    authEmulatorHostSet,
    listenHost: c.HOST ?? (paymentsSandbox ? '127.0.0.1' : '0.0.0.0'),
    maxConnectionsPerIp: c.TRUST_PROXY ? 0 : c.MAX_CONNECTIONS_PER_IP,
    phoneHashSecret: c.PHONE_HASH_SECRET ?? SANDBOX_PHONE_HASH_SECRET,
    payerHashSecret: c.PAYER_HASH_SECRET ?? SANDBOX_PAYER_HASH_SECRET,
    productionRehearsal: c.NODE_ENV === 'production' && c.PRODUCTION_REHEARSAL,
    legal,
    youtubeMode,
    youtubeTokenKey: Buffer.from(c.YOUTUBE_TOKEN_KEY ?? SANDBOX_YOUTUBE_TOKEN_KEY, 'base64'),
  };
}

/** Google with a client id and secret (and its own token key and redirect URL); else the simulator, or off in production. */
function resolveYouTubeMode(c: z.infer<typeof envSchema>): Config['youtubeMode'] {
  if (Boolean(c.GOOGLE_OAUTH_CLIENT_ID) !== Boolean(c.GOOGLE_OAUTH_CLIENT_SECRET))
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_OAUTH_CLIENT_SECRET: set both GOOGLE_OAUTH_CLIENT_ID and GOOGLE_OAUTH_CLIENT_SECRET, or neither',
    );
  if (c.YOUTUBE_SIMULATOR_URL && (c.GOOGLE_OAUTH_CLIENT_ID || c.NODE_ENV === 'production'))
    throw new ConfigError(
      'Invalid configuration:\n  YOUTUBE_SIMULATOR_URL: only the sandbox uses a YouTube simulator; unset it',
    );
  if (!c.GOOGLE_OAUTH_CLIENT_ID) return c.NODE_ENV === 'production' ? 'off' : 'simulator';
  if (!c.YOUTUBE_TOKEN_KEY || c.YOUTUBE_TOKEN_KEY === SANDBOX_YOUTUBE_TOKEN_KEY)
    throw new ConfigError(
      "Invalid configuration:\n  YOUTUBE_TOKEN_KEY: required with GOOGLE_OAUTH_CLIENT_ID (openssl rand -base64 32): creators' YouTube refresh tokens are never encrypted with the public sandbox key",
    );
  if (!c.GOOGLE_OAUTH_REDIRECT_URL)
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_OAUTH_REDIRECT_URL: required with GOOGLE_OAUTH_CLIENT_ID: https://<your domain>/creator/youtube/callback, exactly as registered on the OAuth client',
    );
  return 'google';
}

/** True for `localhost` and loopback addresses (127.0.0.0/8, ::1, and IPv4-mapped IPv6 of 127.x). */
function isLoopbackHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  if (!ipaddr.isValid(bare)) return false;
  return ipaddr.process(bare).range() === 'loopback';
}

/** The host part of `127.0.0.1:9099` or `[::1]:9099` (FIREBASE_AUTH_EMULATOR_HOST has no scheme). */
function hostOf(hostAndPort: string): string {
  try {
    return new URL(`http://${hostAndPort}`).hostname;
  } catch {
    return hostAndPort;
  }
}

/** A rehearsal's stand-ins live on this machine: a simulator or emulator elsewhere would take real traffic. */
function assertRehearsalOnLoopback(c: z.infer<typeof envSchema>): void {
  const stands = [
    ['RAZORPAY_HOST_URL', c.RAZORPAY_HOST_URL && new URL(c.RAZORPAY_HOST_URL).hostname],
    ['FIREBASE_AUTH_EMULATOR_HOST', c.FIREBASE_AUTH_EMULATOR_HOST && hostOf(c.FIREBASE_AUTH_EMULATOR_HOST)],
  ] as const;
  for (const [name, host] of stands) {
    if (host && !isLoopbackHost(host))
      throw new ConfigError(
        `Invalid configuration:\n  ${name}: PRODUCTION_REHEARSAL allows only a loopback address (127.0.0.1, ::1 or localhost), not ${host}`,
      );
  }
}
