import { MESSAGES, toE164, type PublicConfig } from '@shabaash/shared';
import type { Auth, ConfirmationResult, RecaptchaVerifier } from 'firebase/auth';

/**
 * Firebase Phone Auth, loaded on demand so firebase stays out of the landing bundle.
 * In sandbox mode the SDK talks to the Auth emulator (which also disables the real reCAPTCHA).
 */

type FirebaseConfig = PublicConfig['firebase'];

let authPromise: Promise<Auth> | null = null;
let verifier: RecaptchaVerifier | null = null;
let verifierElement: HTMLElement | null = null;

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

/**
 * A new invisible reCAPTCHA for one send, in its own element inside `container`. Firebase's verifier cannot be
 * reused once a send has consumed its token: on a second send it waited for a token that never came (the widget
 * kept the first solve running), so Send → Resend OTP → Send stayed on "Sending OTP…". Every send gets a fresh
 * verifier and clears it afterwards, which also resets the robot check after a failed send.
 */
async function freshVerifier(auth: Auth, container: HTMLElement): Promise<RecaptchaVerifier> {
  disposeRecaptcha();
  const element = document.createElement('div');
  container.append(element);
  verifierElement = element;
  try {
    const { RecaptchaVerifier } = await import('firebase/auth');
    verifier = new RecaptchaVerifier(auth, element, { size: 'invisible' });
    return verifier;
  } catch {
    disposeRecaptcha();
    throw new RecaptchaUnavailableError();
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
  const appVerifier = await freshVerifier(auth, container);
  const { signInWithPhoneNumber } = await import('firebase/auth');
  try {
    return await signInWithPhoneNumber(auth, toE164(phone10), appVerifier);
  } finally {
    // The confirmation keeps only the verification id; the widget is spent either way.
    if (verifier === appVerifier) disposeRecaptcha();
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

/** Removes the reCAPTCHA widget and its element (after each send, and when the page unmounts). */
export function disposeRecaptcha(): void {
  try {
    verifier?.clear();
  } catch {
    // already cleared by Firebase
  }
  verifier = null;
  verifierElement?.remove();
  verifierElement = null;
}
