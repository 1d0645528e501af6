import { MESSAGES } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { forbidden, unauthenticated } from '../../http/errors.ts';
import { spendPhoneToken } from '../auth/auth.repository.ts';
import { burnVerify, verifyPassword } from '../auth/password.ts';
import { issueSession } from '../sessions/sessions.service.ts';
import { findCredentialsByPhone, findUserById, type UserRecord } from '../users/users.repository.ts';

/**
 * An operator's sign-in, every time with both factors: the phone's fresh OTP token (verified first, so without
 * the phone nobody learns whether a password is right; each token signs in once) and the password (the same 401
 * for an unknown phone and a wrong password). Anyone but an operator is refused (403) once both hold.
 */
export async function signInOperator(
  deps: Pick<AppDeps, 'db' | 'config' | 'identity'>,
  input: { phone: string; password: string; firebaseToken: string },
): Promise<{ token: string; user: UserRecord }> {
  await deps.identity.verifyPhoneToken(input.firebaseToken, input.phone);
  const credentials = await findCredentialsByPhone(deps.db, input.phone);
  if (!credentials) {
    await burnVerify(input.password);
    throw unauthenticated(MESSAGES.invalidCredentials);
  }
  if (!(await verifyPassword(credentials.passwordHash, input.password)))
    throw unauthenticated(MESSAGES.invalidCredentials);
  if (credentials.role !== 'operator') throw forbidden(MESSAGES.notAnOperator);
  const token = await deps.db.transaction(async (tx) => {
    if (!(await spendPhoneToken(tx, input.firebaseToken))) throw unauthenticated(MESSAGES.phoneTokenUsed);
    return issueSession(tx, deps.config, credentials.id);
  });
  const user = await findUserById(deps.db, credentials.id);
  if (!user) throw new Error(`operator ${credentials.id} vanished`);
  return { token, user };
}
