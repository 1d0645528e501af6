import type { Executor } from '../../db/knex.ts';
import { insertAuditRow, operatorName, type AuditRecord } from './audit.repository.ts';

/** What an operator action tells the audit log (the operator's name is looked up). */
export type OperatorAction = Omit<AuditRecord, 'operatorName'>;

/**
 * Writes the audit row of an operator action. Call it inside the transaction that makes the change, so the change
 * and its row commit together or not at all. `reason` is required (non-null) for every action that moves money or
 * restricts someone: the route's schema (operatorReasonSchema) refuses a missing one before this runs.
 */
export async function recordOperatorAction(tx: Executor, action: OperatorAction): Promise<void> {
  await insertAuditRow(tx, { ...action, operatorName: await operatorName(tx, action.operatorId) });
}
