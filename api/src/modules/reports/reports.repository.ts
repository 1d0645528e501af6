import type { ReportKind, ReportReason } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';

/** A report as it is filed. */
export interface NewReport {
  reporterId: string;
  kind: ReportKind;
  tipId: string | null;
  targetUserId: string | null;
  reason: ReportReason;
  details: string;
}

/** A report with the context an operator judges it by (one row of the queue). */
export interface ReportRow {
  id: string;
  target_kind: ReportKind;
  reason: ReportReason;
  details: string;
  status: 'open' | 'closed';
  resolution: string | null;
  created_at: Date;
  closed_at: Date | null;
  reporter_id: string;
  reporter_name: string;
  target_user_id: string | null;
  target_name: string | null;
  target_phone: string | null;
  target_handle: string | null;
  tip_id: string | null;
  tip_message: string | null;
  tip_amount_paise: string | number | null;
  tip_guest_name: string | null;
  tip_creator_handle: string | null;
}

/** The tip a creator may report: one of their own chats (tombstones too: the text is kept for the report). */
export async function findCreatorsTip(
  db: Executor,
  creatorId: string,
  tipId: string,
): Promise<{ id: string; sender_id: string | null } | null> {
  const row = await db('tips')
    .where({ id: tipId, creator_id: creatorId })
    .first<{ id: string; sender_id: string | null } | undefined>('id', 'sender_id');
  return row ?? null;
}

export async function insertReport(db: Executor, report: NewReport): Promise<string> {
  const [row] = await db('reports')
    .insert({
      reporter_id: report.reporterId,
      target_kind: report.kind,
      tip_id: report.tipId,
      target_user_id: report.targetUserId,
      reason: report.reason,
      details: report.details,
    })
    .returning<Array<{ id: string }>>('id');
  if (!row) throw new Error('report insert returned no row');
  return row.id;
}

/** The queue: open reports first (oldest open first, the next to judge), then closed ones, newest first. */
function reportsQuery(db: Executor) {
  return db('reports as r')
    .join('users as rep', 'rep.id', 'r.reporter_id')
    .leftJoin('users as t', 't.id', 'r.target_user_id')
    .leftJoin('creators as tc', 'tc.user_id', 'r.target_user_id')
    .leftJoin('tips as tip', 'tip.id', 'r.tip_id')
    .leftJoin('creators as tipc', 'tipc.user_id', 'tip.creator_id')
    .select<ReportRow[]>(
      'r.id',
      'r.target_kind',
      'r.reason',
      'r.details',
      'r.status',
      'r.resolution',
      'r.created_at',
      'r.closed_at',
      'r.reporter_id',
      'rep.name as reporter_name',
      'r.target_user_id',
      't.name as target_name',
      't.phone as target_phone',
      'tc.handle as target_handle',
      'r.tip_id',
      'tip.message as tip_message',
      'tip.amount_paise as tip_amount_paise',
      'tip.guest_name as tip_guest_name',
      'tipc.handle as tip_creator_handle',
    );
}

export async function listReports(
  db: Executor,
  filter: { status: 'open' | 'all'; limit: number },
): Promise<ReportRow[]> {
  const query = reportsQuery(db)
    .orderByRaw(`(r.status = 'open') desc`)
    .orderByRaw(`case when r.status = 'open' then r.created_at end asc`)
    .orderBy('r.created_at', 'desc')
    .limit(filter.limit);
  if (filter.status === 'open') void query.where('r.status', 'open');
  return query;
}

export async function findReport(db: Executor, id: string): Promise<ReportRow | null> {
  return (await reportsQuery(db).where('r.id', id).first()) ?? null;
}

/** Locks a report row; its status, or null when there is none. */
export async function lockReport(tx: Executor, id: string): Promise<{ status: 'open' | 'closed' } | null> {
  const row = await tx('reports')
    .where({ id })
    .forUpdate()
    .first<{ status: 'open' | 'closed' } | undefined>('status');
  return row ?? null;
}

export async function closeReportRow(
  tx: Executor,
  id: string,
  close: { operatorId: string; resolution: string },
): Promise<void> {
  await tx('reports').where({ id }).update({
    status: 'closed',
    resolution: close.resolution,
    closed_by: close.operatorId,
    closed_at: tx.fn.now(),
  });
}
