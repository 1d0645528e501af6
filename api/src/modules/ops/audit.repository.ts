import type { Executor } from '../../db/knex.ts';

/** One operator action, as the audit log keeps it. */
export interface AuditRecord {
  operatorId: string;
  operatorName: string;
  /** What was done, as a dotted verb: `tip.refund`, `creator.suspend`, `payouts.hold`… */
  action: string;
  /** Which record: its kind (`tip`, `user`, `creator`, `dispute`…) and id. */
  targetKind: string;
  targetId: string;
  before: unknown;
  after: unknown;
  reason: string | null;
}

export interface AuditRow extends AuditRecord {
  id: string;
  createdAt: Date;
}

interface Row {
  id: string;
  operator_id: string;
  operator_name: string;
  action: string;
  target_kind: string;
  target_id: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  created_at: Date;
}

/** Appends one row (the table refuses UPDATE and DELETE). Call inside the transaction of the action it records. */
export async function insertAuditRow(tx: Executor, record: AuditRecord): Promise<void> {
  await tx('operator_audit').insert({
    operator_id: record.operatorId,
    operator_name: record.operatorName,
    action: record.action,
    target_kind: record.targetKind,
    target_id: record.targetId,
    before: record.before === undefined ? null : JSON.stringify(record.before),
    after: record.after === undefined ? null : JSON.stringify(record.after),
    reason: record.reason,
  });
}

/** The newest rows first, optionally about one record, older than `before` (an id). */
export async function listAuditRows(
  db: Executor,
  filter: { targetKind?: string; targetId?: string; before?: number; limit: number },
): Promise<AuditRow[]> {
  const query = db<Row>('operator_audit').orderBy('id', 'desc').limit(filter.limit);
  if (filter.targetKind) query.where('target_kind', filter.targetKind);
  if (filter.targetId) query.where('target_id', filter.targetId);
  if (filter.before) query.where('id', '<', filter.before);
  const rows = await query;
  return rows.map((row) => ({
    id: String(row.id),
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    action: row.action,
    targetKind: row.target_kind,
    targetId: row.target_id,
    before: row.before,
    after: row.after,
    reason: row.reason,
    createdAt: row.created_at,
  }));
}

/** The operator's display name for the log (kept in the row, so the log still reads after they are removed). */
export async function operatorName(db: Executor, operatorId: string): Promise<string> {
  const row = await db('users')
    .where({ id: operatorId, role: 'operator' })
    .first<{ name: string } | undefined>('name');
  if (!row) throw new Error(`operator ${operatorId} not found`);
  return row.name;
}
