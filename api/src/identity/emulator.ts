import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePort } from '../ports.ts';

export interface AuthEmulatorOptions {
  /** Port of the Auth emulator itself (its REST API and token endpoints). */
  port: number;
  /** A `demo-` project id keeps the CLI fully offline. */
  projectId: string;
  /** Scratch dir for the generated firebase.json, the CLI's logs, config and hub locator. */
  workDir: string;
  log?: (line: string) => void;
  /** Hub and logging ports; free ones are picked when omitted so parallel emulators never collide. */
  hubPort?: number;
  loggingPort?: number;
  /** How long to wait for the emulator to answer; 60 s by default. */
  startTimeoutMs?: number;
  /** Picks a free loopback port for an omitted hub or logging port (tests replace it to force a collision). */
  pickPort?: () => Promise<number>;
}

export interface AuthEmulator {
  /** `127.0.0.1:PORT`, the value firebase-admin expects in FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  /** `http://127.0.0.1:PORT`. */
  url: string;
  stop(): Promise<void>;
}

const KILL_GRACE_MS = 5_000;
const POLL_MS = 200;
const KEEP_LINES = 40;

/** Finds the firebase CLI entry script wherever npm hoisted firebase-tools. */
function firebaseCliScript(): string {
  const require = createRequire(import.meta.url);
  let pkgPath: string;
  try {
    pkgPath = require.resolve('firebase-tools/package.json');
  } catch {
    // A development dependency: a production install (npm ci --omit=dev) has none.
    throw new Error(
      'the Auth emulator (firebase-tools) is not installed: a production install leaves out the sandbox',
    );
  }
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8')) as { bin?: Record<string, string> };
  const rel = pkg.bin?.firebase ?? 'lib/bin/firebase.js';
  return path.join(path.dirname(pkgPath), rel);
}

/** The parent's environment without outer emulator settings or real credentials. */
function childBaseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key.startsWith('FIREBASE_') && key.endsWith('_EMULATOR_HOST')) delete env[key];
  }
  delete env.GOOGLE_APPLICATION_CREDENTIALS;
  return env;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** True when an Auth emulator answers its root URL (it serves a small JSON status there). */
export async function authEmulatorAnswers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(1_000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/** Waits until the child has exited, or until `ms` passed; true if it exited. */
function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Sends a signal to the child's whole process group (it was spawned detached, so it leads one). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** The CLI refused its hub or logging port: another process took it between our check and its bind. */
class HelperPortTaken extends Error {
  constructor(
    readonly helper: 'hub' | 'logging',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Starts `firebase emulators:start --only auth` with its own firebase.json in `workDir`, resolves once
 * the emulator answers HTTP, and returns a handle whose stop() leaves no process behind.
 * Runs offline: no MOTD fetch (CI=true), no update check, config and hub locator kept inside `workDir`.
 * The hub and logging ports it picks itself are free when picked but may be taken before the CLI binds them
 * (an ephemeral port of any outgoing connection): that case is retried with new ports, up to three times.
 */
export async function startAuthEmulator(opts: AuthEmulatorOptions): Promise<AuthEmulator> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAuthEmulatorOnce(opts);
    } catch (err) {
      // Only a port we picked can be picked again; a port the caller chose is the caller's to fix.
      const picked =
        err instanceof HelperPortTaken &&
        (err.helper === 'hub' ? opts.hubPort : opts.loggingPort) === undefined;
      if (!picked || attempt >= 3) throw err;
      opts.log?.(`${(err as Error).message}\nRetrying with other ports.`);
    }
  }
}

async function startAuthEmulatorOnce(opts: AuthEmulatorOptions): Promise<AuthEmulator> {
  const workDir = path.resolve(opts.workDir);
  fs.mkdirSync(workDir, { recursive: true });
  const pickPort = opts.pickPort ?? freePort;
  const hubPort = opts.hubPort ?? (await pickPort());
  const loggingPort = opts.loggingPort ?? (await pickPort());
  const firebaseJson = {
    emulators: {
      auth: { host: '127.0.0.1', port: opts.port },
      hub: { host: '127.0.0.1', port: hubPort },
      logging: { host: '127.0.0.1', port: loggingPort },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  fs.writeFileSync(path.join(workDir, 'firebase.json'), JSON.stringify(firebaseJson, null, 2));
  const configDir = path.join(workDir, 'config');
  const tmpDir = path.join(workDir, 'tmp');
  fs.mkdirSync(configDir, { recursive: true });
  fs.mkdirSync(tmpDir, { recursive: true });

  const host = `127.0.0.1:${opts.port}`;
  const url = `http://${host}`;
  if (await authEmulatorAnswers(url))
    throw new Error(`Auth emulator failed to start: something already answers at ${url}`);
  const lines: string[] = [];
  const onOutput = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      // eslint-disable-next-line no-control-regex -- strips the CLI's ANSI colour codes
      const clean = line.replace(/\u001b\[[0-9;]*m/g, '').trimEnd();
      if (!clean) continue;
      lines.push(clean);
      if (lines.length > KEEP_LINES) lines.shift();
      opts.log?.(clean);
    }
  };

  const child = spawn(
    process.execPath,
    [firebaseCliScript(), 'emulators:start', '--only', 'auth', '--project', opts.projectId],
    {
      cwd: workDir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...childBaseEnv(),
        // CI=true skips the MOTD download (and a cached MOTD that could force-exit an "outdated" CLI).
        CI: 'true',
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
        // The CLI's configstore and its hub locator file (os.tmpdir()/hub-<project>.json) stay private.
        XDG_CONFIG_HOME: configDir,
        TMPDIR: tmpDir,
      },
    },
  );
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  let spawnError: Error | null = null;
  child.once('error', (err) => {
    spawnError = err;
  });

  // A detached child outlives its parent: if this process exits without stop(), take the emulator along.
  const killOnExit = () => signalGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    signalGroup(child, 'SIGINT');
    if (!(await waitForExit(child, KILL_GRACE_MS))) {
      signalGroup(child, 'SIGKILL');
      await waitForExit(child, KILL_GRACE_MS);
    }
  };

  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  for (;;) {
    if (await authEmulatorAnswers(url)) break;
    const exited = child.exitCode !== null || child.signalCode !== null;
    if (spawnError || exited || Date.now() > deadline) {
      await stop();
      const why = spawnError
        ? `could not start the firebase CLI (${String(spawnError)})`
        : exited
          ? `the firebase CLI exited (code ${child.exitCode ?? child.signalCode})`
          : `no answer from ${url} within ${opts.startTimeoutMs ?? 60_000} ms`;
      const message = `Auth emulator failed to start: ${why}. Last output:\n${lines.join('\n')}`;
      const taken = lines.find((l) => /could not start (logging emulator|emulator hub), port taken/i.test(l));
      if (taken) throw new HelperPortTaken(/hub/i.test(taken) ? 'hub' : 'logging', message);
      throw new Error(message);
    }
    await sleep(POLL_MS);
  }
  return { host, url, stop };
}
