import { toE164 } from '@shabaash/shared';
import { readLatestCode } from '../src/identity/emulatorCodes.ts';

const IDENTITY_TOOLKIT = 'identitytoolkit.googleapis.com/v1';

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`Auth emulator ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Asks the emulator to "send" an OTP to +91 `phone10` (what RecaptchaVerifier + signInWithPhoneNumber do); returns sessionInfo. */
export async function sendVerificationCode(emulatorUrl: string, phone10: string): Promise<string> {
  const base = `${emulatorUrl.replace(/\/+$/, '')}/${IDENTITY_TOOLKIT}`;
  const { sessionInfo } = await postJson<{ sessionInfo: string }>(
    `${base}/accounts:sendVerificationCode?key=any`,
    {
      phoneNumber: toE164(phone10),
      recaptchaToken: 'ignored',
    },
  );
  return sessionInfo;
}

/**
 * Signs a phone in on the Auth emulator exactly as the browser SDK does (sendVerificationCode → read the
 * emulator's OTP → signInWithPhoneNumber) and returns the resulting Firebase ID token.
 */
export async function getPhoneIdToken(
  emulatorUrl: string,
  projectId: string,
  phone10: string,
): Promise<string> {
  const base = `${emulatorUrl.replace(/\/+$/, '')}/${IDENTITY_TOOLKIT}`;
  const phoneNumber = toE164(phone10);
  const sessionInfo = await sendVerificationCode(emulatorUrl, phone10);
  const code = await readLatestCode(emulatorUrl, projectId, phoneNumber, sessionInfo);
  if (!code) throw new Error(`Auth emulator holds no verification code for ${phoneNumber}`);
  const { idToken } = await postJson<{ idToken: string }>(`${base}/accounts:signInWithPhoneNumber?key=any`, {
    sessionInfo,
    code,
  });
  return idToken;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Splits a JWT into its decoded header and payload (no verification). */
export function decodeJwt(token: string): {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
} {
  const [header, payload] = token.split('.');
  if (!header || !payload) throw new Error('not a JWT');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>,
  };
}

/** Builds a JWT from a header and payload with the given signature segment (default: none). */
export function encodeJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  signature = '',
): string {
  return `${b64url(header)}.${b64url(payload)}.${signature}`;
}

/**
 * A forged ID token claiming `phone10`, shaped like an emulator token for `projectId` (alg "none",
 * right aud/iss, fresh iat/exp) but for a uid the emulator never issued.
 *
 * What the Auth emulator + firebase-admin (FIREBASE_AUTH_EMULATOR_HOST set) accept, measured:
 * - signatures are NOT checked: any `alg: none` token with aud = iss suffix = the project id, a non-empty sub,
 *   and a future exp passes the JWT checks;
 * - verifyIdToken then looks the uid up in the emulator (its "revoked or disabled" check), so an unknown
 *   uid fails with auth/user-not-found — this forged token is rejected for that reason;
 * - a token for another project (wrong aud/iss) is rejected;
 * - a real uid with a tampered phone_number would pass firebase-admin alone; createPhoneIdentity rejects
 *   it by comparing with the emulator's user record (see `tamperPhone`).
 */
export function forgeIdToken(
  phone10: string,
  projectId = 'demo-shabaash',
  uid = 'forged-uid-0000000000',
): string {
  const now = Math.floor(Date.now() / 1000);
  return encodeJwt(
    { alg: 'none', typ: 'JWT' },
    {
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      auth_time: now,
      user_id: uid,
      sub: uid,
      iat: now,
      exp: now + 3600,
      phone_number: toE164(phone10),
      firebase: { identities: { phone: [toE164(phone10)] }, sign_in_provider: 'phone' },
    },
  );
}

/** A real token whose payload was edited to claim another phone (signature segment kept as it was). */
export function tamperPhone(idToken: string, phone10: string): string {
  const { header, payload } = decodeJwt(idToken);
  const signature = idToken.split('.')[2] ?? '';
  const phone = toE164(phone10);
  return encodeJwt(
    header,
    {
      ...payload,
      phone_number: phone,
      firebase: { identities: { phone: [phone] }, sign_in_provider: 'phone' },
    },
    signature,
  );
}
