import { MESSAGES } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest, conflict, forbidden, unauthenticated } from '../../http/errors.ts';
import { assertAllowedName } from '../safety/safety.service.ts';
import { issueSession, revokeAllSessions, revokeSession } from '../sessions/sessions.service.ts';
import { walletSpace } from '../sync/spaces.ts';
import { createWallet } from '../wallet/wallet.repository.ts';
import {
  findCredentialsByPhone,
  findUserById,
  insertUser,
  phoneExists,
  updatePasswordHash,
  type UserRecord,
} from '../users/users.repository.ts';
import { spendPhoneToken } from './auth.repository.ts';
import { burnVerify, hashPassword, verifyPassword } from './password.ts';
import { payWelcomeBonus, welcomeBonusReference } from './welcomeBonus.ts';

export interface AuthResult {
  token: string;
  user: UserRecord;
}

type AuthDeps = Pick<AppDeps, 'db' | 'config' | 'identity' | 'realtime'>;

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '23505';
}

async function loadUser(deps: Pick<AppDeps, 'db'>, userId: string): Promise<UserRecord> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new Error(`user ${userId} vanished`);
  return user;
}

/**
 * Registers a viewer whose phone the identity provider verified: user, wallet and welcome bonus in one
 * transaction, then a session. The bonus is paid once per phone number, ever: not again after the number's
 * account was deleted. 409 with MESSAGES.phoneTaken when the phone already has an account.
 */
export async function register(
  deps: AuthDeps,
  input: {
    name: string;
    phone: string;
    password: string;
    firebaseToken: string;
    dateOfBirth?: string | undefined;
  },
): Promise<AuthResult> {
  // The name is shown to creators and can reach their streams: the built-in list refuses it before anything else.
  assertAllowedName(input.name, 'name');
  // The age rule needs the date of birth (a minor pays only with a parent's consent); 0 asks none and keeps none.
  const ageRuleOn = deps.config.legal.minimumAgeWithoutConsent > 0;
  if (ageRuleOn && !input.dateOfBirth) throw badRequest(MESSAGES.dateOfBirthInvalid, 'dateOfBirth');
  // Verify the OTP token first, so the 409 below never tells a stranger which phones have accounts.
  await deps.identity.verifyPhoneToken(input.firebaseToken, input.phone);
  if (await phoneExists(deps.db, input.phone)) throw conflict(MESSAGES.phoneTaken);
  const passwordHash = await hashPassword(input.password);
  // No stored wallet (WALLET_MODE=off): no welcome bonus either.
  const bonusPaise = deps.config.legal.walletMode === 'off' ? 0 : deps.config.WELCOME_BONUS_RUPEES;
  const bonusReference = welcomeBonusReference(deps.config.phoneHashSecret, input.phone);
  let created: { userId: string; token: string; bonusPaid: boolean };
  try {
    created = await deps.db.transaction(async (tx) => {
      const userId = await insertUser(tx, {
        name: input.name,
        phone: input.phone,
        passwordHash,
        dateOfBirth: ageRuleOn ? input.dateOfBirth : null,
      });
      await createWallet(tx, userId);
      const bonusPaid =
        bonusPaise > 0 &&
        (await payWelcomeBonus(tx, { userId, reference: bonusReference, amountPaise: bonusPaise }));
      return { userId, bonusPaid, token: await issueSession(tx, deps.config, userId) };
    });
  } catch (err) {
    // Two registrations racing for one phone: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(MESSAGES.phoneTaken);
    throw err;
  }
  if (created.bonusPaid) deps.realtime.changed([walletSpace(created.userId)]);
  return { token: created.token, user: await loadUser(deps, created.userId) };
}

/**
 * Checks phone and password and opens a session; the same 401 for an unknown phone and a wrong password. An
 * operator is refused here once the password is right (403 pointing to /ops): they sign in with an OTP as well.
 */
export async function login(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: { phone: string; password: string },
): Promise<AuthResult> {
  const credentials = await findCredentialsByPhone(deps.db, input.phone);
  if (!credentials) {
    await burnVerify(input.password);
    throw unauthenticated(MESSAGES.invalidCredentials);
  }
  if (!(await verifyPassword(credentials.passwordHash, input.password))) {
    throw unauthenticated(MESSAGES.invalidCredentials);
  }
  if (credentials.role === 'operator') throw forbidden(MESSAGES.operatorSignsInAtOps);
  const token = await issueSession(deps.db, deps.config, credentials.id);
  return { token, user: await loadUser(deps, credentials.id) };
}

/**
 * Sets a new password for the phone the identity provider verified and revokes every session of that user (not an
 * operator's: 403).
 * `afterVerified` runs once the token is verified (the per-phone limit counts verified tokens only), and each
 * token resets a password once.
 */
export async function resetPassword(
  deps: Pick<AppDeps, 'db' | 'identity' | 'realtime'>,
  input: { phone: string; password: string; firebaseToken: string },
  afterVerified: () => Promise<void> = async () => {},
): Promise<void> {
  await deps.identity.verifyPhoneToken(input.firebaseToken, input.phone);
  await afterVerified();
  const credentials = await findCredentialsByPhone(deps.db, input.phone);
  if (!credentials) throw new AppError('NOT_FOUND', MESSAGES.phoneNotRegistered);
  // An operator's password is set from the command line only: an OTP alone must not replace one of its two factors.
  if (credentials.role === 'operator') throw forbidden(MESSAGES.operatorSignsInAtOps);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    if (!(await spendPhoneToken(tx, input.firebaseToken))) {
      throw new AppError('UNAUTHENTICATED', MESSAGES.phoneTokenUsed);
    }
    await updatePasswordHash(tx, credentials.id, passwordHash);
    await revokeAllSessions(tx, credentials.id);
  });
  // Every device signed in with the old password is dropped from realtime too (e.g. a lost phone).
  deps.realtime.sessionsRevoked(credentials.id, null);
}

/** Revokes the current session (logout) and closes the sockets opened with it. */
export async function logout(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  session: { userId: string; sessionId: string },
): Promise<void> {
  await revokeSession(deps.db, session.sessionId);
  deps.realtime.sessionsRevoked(session.userId, session.sessionId);
}
