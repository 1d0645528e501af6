import { randomUUID } from 'node:crypto';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { MESSAGES, toE164 } from '@shabaash/shared';
import type { PhoneIdentity } from '../deps.ts';
import { AppError, upstreamFailed } from '../http/errors.ts';

export type { PhoneIdentity };

/** The Firebase-backed PhoneIdentity (AppDeps['identity']), plus close() for tests and shutdown. */
export interface FirebasePhoneIdentity extends PhoneIdentity {
  /** Releases the firebase-admin app. */
  close(): Promise<void>;
}

export interface PhoneIdentityOptions {
  projectId: string;
  /** `127.0.0.1:PORT` of the Auth emulator (sandbox). */
  emulatorHost?: string;
  /** The service account key JSON (production). */
  serviceAccountJson?: string;
}

const EMULATOR_ENV = 'FIREBASE_AUTH_EMULATOR_HOST';

/** Firebase error codes that mean "we could not ask", not "the token is bad". */
function isUpstreamFailure(code: string): boolean {
  return code.startsWith('app/network') || code === 'auth/internal-error' || code === 'app/internal-error';
}

function errorCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/**
 * Verifies Firebase phone-auth ID tokens with firebase-admin: against real Firebase with a service account,
 * or against the Auth emulator when `emulatorHost` is given.
 *
 * In emulator mode firebase-admin does NOT check signatures (emulator tokens are `alg: none`); it checks
 * aud/iss/exp/sub and that the uid exists in the emulator. So a forged token naming a real uid could claim any
 * phone; we close that hole by also requiring the emulator's user record to hold the expected phone.
 */
export function createPhoneIdentity(opts: PhoneIdentityOptions): FirebasePhoneIdentity {
  const emulator = Boolean(opts.emulatorHost);
  if (opts.emulatorHost) {
    // firebase-admin reads this variable on every call, process-wide; two different emulators in one process
    // would silently talk to the wrong one, so refuse that instead.
    const current = process.env[EMULATOR_ENV];
    if (current && current !== opts.emulatorHost) {
      throw new Error(
        `${EMULATOR_ENV} is already ${current}; cannot also use the Auth emulator at ${opts.emulatorHost}`,
      );
    }
    process.env[EMULATOR_ENV] = opts.emulatorHost;
  }
  const app: App = initializeApp(
    {
      projectId: opts.projectId,
      ...(opts.serviceAccountJson && !emulator
        ? { credential: cert(JSON.parse(opts.serviceAccountJson) as Record<string, string>) }
        : {}),
    },
    `phone-identity-${randomUUID()}`,
  );
  const auth: Auth = getAuth(app);

  return {
    async verifyPhoneToken(idToken, expectedPhone10) {
      const expected = toE164(expectedPhone10);
      let phone: string | undefined;
      try {
        const decoded = await auth.verifyIdToken(idToken);
        phone = decoded.phone_number;
        if (emulator) {
          const user = await auth.getUser(decoded.uid);
          if (user.phoneNumber !== phone) throw new AppError('UNAUTHENTICATED', MESSAGES.invalidPhoneToken);
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (isUpstreamFailure(errorCode(err))) throw upstreamFailed(MESSAGES.otpVerifyFailed);
        throw new AppError('UNAUTHENTICATED', MESSAGES.invalidPhoneToken);
      }
      if (!phone) throw new AppError('UNAUTHENTICATED', MESSAGES.invalidPhoneToken);
      if (phone !== expected) throw new AppError('UNAUTHENTICATED', MESSAGES.phoneTokenMismatch);
    },
    close: () => deleteApp(app),
  };
}
