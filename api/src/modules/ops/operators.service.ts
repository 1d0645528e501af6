import { MESSAGES, registerInputSchema, validate } from '@shabaash/shared';
import type { Db } from '../../db/knex.ts';
import { hashPassword } from '../auth/password.ts';
import { assertAllowedName } from '../safety/safety.service.ts';
import { revokeAllSessions } from '../sessions/sessions.repository.ts';
import { phoneExists } from '../users/users.repository.ts';
import { createWallet } from '../wallet/wallet.repository.ts';
import { findOperatorIdByPhone, insertOperator, markOperatorRemoved } from './operators.repository.ts';

/** Why an operator command refused: the message is printed as it is. */
export class OperatorCommandError extends Error {}

/** The sign-up rules for name, phone and password (same schema, so the same weak passwords are refused). */
const operatorInputSchema = registerInputSchema.pick({ name: true, phone: true, password: true });

/**
 * Makes an operator account (the only way one is made): name, 10-digit phone and password checked with the
 * sign-up rules, a taken phone refused. An operator signs in at /ops with the password plus an OTP each time.
 */
export async function addOperator(
  db: Db,
  input: { name: string; phone: string; password: string },
): Promise<{ id: string; phone: string }> {
  const parsed = validate(operatorInputSchema, input);
  if (!parsed.ok) throw new OperatorCommandError(parsed.message);
  const { name, phone, password } = parsed.data;
  try {
    assertAllowedName(name, 'name');
  } catch (err) {
    throw new OperatorCommandError(err instanceof Error ? err.message : String(err));
  }
  if (await phoneExists(db, phone)) throw new OperatorCommandError(MESSAGES.phoneTaken);
  const passwordHash = await hashPassword(password);
  try {
    const id = await db.transaction(async (tx) => {
      const operatorId = await insertOperator(tx, { name, phone, passwordHash });
      await createWallet(tx, operatorId);
      return operatorId;
    });
    return { id, phone };
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code === '23505')
      throw new OperatorCommandError(MESSAGES.phoneTaken);
    throw err;
  }
}

/**
 * Removes the operator with this phone: every session ends (an open /ops page is refused at its next call) and
 * the account is closed; their audit rows stay as written.
 */
export async function removeOperator(db: Db, phoneInput: string): Promise<{ id: string }> {
  const parsed = validate(operatorInputSchema.pick({ phone: true }), { phone: phoneInput });
  if (!parsed.ok) throw new OperatorCommandError(parsed.message);
  const id = await findOperatorIdByPhone(db, parsed.data.phone);
  if (!id) throw new OperatorCommandError('No operator uses this phone number.');
  await db.transaction(async (tx) => {
    await revokeAllSessions(tx, id);
    await markOperatorRemoved(tx, id);
  });
  return { id };
}
