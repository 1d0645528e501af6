import { MESSAGES, toE164, type PublicConfig } from '@shabaash/shared';
import type { Auth, ConfirmationResult, RecaptchaVerifier } from 'firebase/auth';

/**
 * Firebase Phone Auth (ARCHITECTURE §4), loaded on demand so firebase stays out of the landing bundle.
 * In sandbox mode the SDK talks to the Auth emulator (which also disables the real reCAPTCHA).
 */

type FirebaseConfig = PublicConfig['firebase'];

let authPromise: Promise<Auth> | null = null;
let verifier: RecaptchaVerifier | null = null;
let verifierContainer: HTMLElement | null = null;

/** Thrown when the invisible reCAPTCHA cannot be created or rendered. */
export class RecaptchaUnavailableError extends Error {
  constructor() {
    super(MESSAGES.recaptchaUnavailable);
    this.name = 'RecaptchaUnavailableError';
  }
}

/** The Firebase Auth instance for the given public config, initialised once (emulator when emulatorUrl is set). */
export function getPhoneAuth(config: FirebaseConfig): Promise<Auth> {
  authPromise ??= (async () => {
    const [{ initializeApp, getApps }, { getAuth, connectAuthEmulator }] = await Promise.all([
      import('firebase/app'),
      import('firebase/auth'),
    ]);
    const app =
      getApps()[0] ??
      initializeApp({ apiKey: config.apiKey, projectId: config.projectId, authDomain: config.authDomain });
    const auth = getAuth(app);
    auth.languageCode = 'en';
    if (config.emulatorUrl !== null) {
      connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
    }
    return auth;
  })().catch((error: unknown) => {
    authPromise = null;
    throw error;
  });
  return authPromise;
}

async function getVerifier(auth: Auth, container: HTMLElement): Promise<RecaptchaVerifier> {
  if (verifier && verifierContainer === container) return verifier;
  verifier?.clear();
  try {
    const { RecaptchaVerifier } = await import('firebase/auth');
    verifier = new RecaptchaVerifier(auth, container, { size: 'invisible' });
    verifierContainer = container;
    return verifier;
  } catch {
    verifier = null;
    verifierContainer = null;
    throw new RecaptchaUnavailableError();
  }
}

/** Resets the invisible reCAPTCHA after a failed send (SPEC §7) so the next attempt gets a fresh challenge. */
export async function resetRecaptcha(): Promise<void> {
  if (!verifier) return;
  try {
    const widgetId = await verifier.render();
    const grecaptcha = (window as { grecaptcha?: { reset: (id?: number) => void } }).grecaptcha;
    grecaptcha?.reset(widgetId);
  } catch {
    // a broken widget is rebuilt on the next send
    verifier.clear();
    verifier = null;
    verifierContainer = null;
  }
}

/** Sends the OTP by SMS to +91 and the 10-digit phone; `container` hosts the invisible reCAPTCHA. */
export async function sendPhoneOtp(
  config: FirebaseConfig,
  phone10: string,
  container: HTMLElement | null,
): Promise<ConfirmationResult> {
  if (!container) throw new RecaptchaUnavailableError();
  const auth = await getPhoneAuth(config);
  const appVerifier = await getVerifier(auth, container);
  const { signInWithPhoneNumber } = await import('firebase/auth');
  try {
    return await signInWithPhoneNumber(auth, toE164(phone10), appVerifier);
  } catch (error) {
    await resetRecaptcha();
    throw error;
  }
}

/** Confirms the 6-digit code and returns the Firebase ID token the API verifies. */
export async function confirmPhoneOtp(confirmation: ConfirmationResult, code: string): Promise<string> {
  const credential = await confirmation.confirm(code);
  const token = await credential.user.getIdToken();
  // The API session replaces the Firebase one; do not keep a signed-in Firebase user around.
  const auth = await authPromise;
  await auth?.signOut().catch(() => undefined);
  return token;
}

/** Removes the reCAPTCHA widget (call when the page unmounts). */
export function disposeRecaptcha(): void {
  verifier?.clear();
  verifier = null;
  verifierContainer = null;
}
