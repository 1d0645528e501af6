import path from 'node:path';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { freePort, isPortFree, portHolder } from '../ports.ts';
import { startPart } from '../startupError.ts';
import { authEmulatorAnswers, startAuthEmulator } from './emulator.ts';

export const EMULATOR_FIX =
  'Set FIREBASE_AUTH_EMULATOR_HOST to a free host:port, or FIREBASE_SERVICE_ACCOUNT to use real Firebase';

/** Where phone sign-ins are verified, and how /api/health asks whether that still answers. */
export interface IdentityRuntime {
  /** `127.0.0.1:PORT` of the Auth emulator in use, or undefined with real Firebase. */
  emulatorHost: string | undefined;
  /** For the start-up lines: what it is and who started it. */
  mode: string;
  /**
   * For /api/health: `firebase`, `firebase (FIREBASE_AUTH_EMULATOR_HOST…)` (a service account sent to the
   * emulator), `emulator (started by this instance)` or `emulator (external)`.
   */
  healthMode: string;
  /** Resolves when the part answers; throws with the reason when it does not (real Firebase is not probed). */
  check(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Real Firebase with a service account; else the Auth emulator. An emulator this instance starts is its own and
 * stops with it. FIREBASE_AUTH_EMULATOR_HOST set: that address is used, an emulator already answering there is
 * used as it is (reported as external), and a taken port stops start-up with one line naming the setting.
 * Unset: 127.0.0.1:9099, or a free port when another process holds that one (never someone else's emulator).
 */
export async function startIdentity(
  config: Config,
  logger: Logger,
  note: (line: string) => void,
): Promise<IdentityRuntime> {
  if (!config.authEmulator && config.authEmulatorHostSet) {
    // firebase-admin itself sends a service account's calls to FIREBASE_AUTH_EMULATOR_HOST (the rehearsal).
    const host = config.FIREBASE_AUTH_EMULATOR_HOST ?? '';
    const rehearsal = config.productionRehearsal ? ', rehearsal' : '';
    return {
      emulatorHost: undefined,
      mode: `Firebase (service account) through the Auth emulator at ${host} (FIREBASE_AUTH_EMULATOR_HOST${rehearsal}; its tokens are unsigned)`,
      healthMode: `firebase (FIREBASE_AUTH_EMULATOR_HOST${rehearsal})`,
      check: () => probe(host),
      stop: () => Promise.resolve(),
    };
  }
  if (!config.authEmulator) {
    return {
      emulatorHost: undefined,
      mode: 'Firebase (service account)',
      healthMode: 'firebase',
      check: () => Promise.resolve(),
      stop: () => Promise.resolve(),
    };
  }
  const chosen = config.authEmulatorHostSet ? config.FIREBASE_AUTH_EMULATOR_HOST : undefined;
  if (chosen && (await authEmulatorAnswers(`http://${chosen}`))) {
    return {
      emulatorHost: chosen,
      mode: `Firebase Auth emulator at ${chosen} (FIREBASE_AUTH_EMULATOR_HOST; not started by this instance, not stopped with it)`,
      healthMode: 'emulator (external)',
      check: () => probe(chosen),
      stop: () => Promise.resolve(),
    };
  }
  const port = chosen ? portOf(chosen) : await defaultEmulatorPort(note);
  const start = (p: number) =>
    startPart('Auth emulator', EMULATOR_FIX, () =>
      startAuthEmulator({
        port: p,
        projectId: config.FIREBASE_PROJECT_ID,
        workDir: path.resolve(config.DATA_DIR, 'firebase'),
        startTimeoutMs: config.AUTH_EMULATOR_START_TIMEOUT_MS,
        log: (line) => logger.debug({ firebase: line.trim() }, 'auth emulator'),
      }),
    );
  // Two instances starting at once can both find the default free: the one that loses takes a free port.
  const emulator = await start(port).catch(async (err: unknown) => {
    if (chosen) throw err;
    const other = await freePort();
    note(`Auth emulator: could not listen on port ${port}, using port ${other} instead`);
    return start(other);
  });
  return {
    emulatorHost: emulator.host,
    mode: `Firebase Auth emulator at ${emulator.host}, started by this instance (sandbox: codes are readable, never production)`,
    healthMode: 'emulator (started by this instance)',
    check: () => probe(emulator.host),
    stop: () => emulator.stop(),
  };
}

export const DEFAULT_EMULATOR_PORT = 9099;

/** 9099 when free; else a free port, said through `note` with the holder of 9099. */
async function defaultEmulatorPort(note: (line: string) => void): Promise<number> {
  if (await isPortFree(DEFAULT_EMULATOR_PORT)) return DEFAULT_EMULATOR_PORT;
  const holder = portHolder(DEFAULT_EMULATOR_PORT);
  const port = await freePort();
  note(
    `Auth emulator: port ${DEFAULT_EMULATOR_PORT} is taken${holder ? ` by ${holder}` : ''}, using port ${port} instead (set FIREBASE_AUTH_EMULATOR_HOST to choose one)`,
  );
  return port;
}

function portOf(host: string): number {
  return Number(host.split(':').at(-1));
}

async function probe(host: string): Promise<void> {
  if (!(await authEmulatorAnswers(`http://${host}`)))
    throw new Error(`the Auth emulator at ${host} does not answer`);
}
