import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with the OWASP server profile: 19 MiB, 2 passes, 1 lane.
 * The algorithm is left at its default because the package's `Algorithm` is an ambient const enum.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id; the result is a PHC string ($argon2id$v=19$…). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches the PHC hash; false (never a throw) for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the same work as a real verify, so an unknown phone answers as slowly as a wrong password. */
export async function burnVerify(password: string): Promise<void> {
  dummyHash ??= hashPassword('shabaash-dummy-password');
  await verifyPassword(await dummyHash, password);
}
