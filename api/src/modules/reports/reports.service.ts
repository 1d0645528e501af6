import { maskPhone, MESSAGES, type CreateReportInput, type OpsReport } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/knex.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { findCreatorByHandle, findCreatorByUserId } from '../creators/creators.repository.ts';
import { recordOperatorAction } from '../ops/audit.ts';
import { hasTippedCreator } from '../safety/safety.repository.ts';
import type { SessionPrincipal } from '../sessions/sessions.service.ts';
import {
  closeReportRow,
  findCreatorsTip,
  findReport,
  insertReport,
  listReports,
  lockReport,
  type NewReport,
  type ReportRow,
} from './reports.repository.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whom a report is about, as far as the reporter may name them: a tip of the reporter's own chats (creators), a
 * creator by handle (anyone), a viewer who tipped the reporter (creators). Anything else is 404, so a report
 * never tells whether a tip or a user the reporter cannot see exists.
 */
async function reportTarget(
  db: Executor,
  reporter: SessionPrincipal,
  input: Required<CreateReportInput>,
): Promise<Pick<NewReport, 'tipId' | 'targetUserId'>> {
  const { kind, target } = input;
  if (kind === 'creator') {
    const creator = await findCreatorByHandle(db, target);
    if (!creator || creator.deletedAt) throw new AppError('NOT_FOUND', MESSAGES.creatorNotFound);
    if (creator.userId === reporter.userId) throw badRequest(MESSAGES.cannotReportYourself, 'target');
    return { tipId: null, targetUserId: creator.userId };
  }
  const own = reporter.role === 'creator' ? await findCreatorByUserId(db, reporter.userId) : null;
  if (!own || !UUID_RE.test(target)) throw notFound(kind === 'tip' ? 'Tip' : 'User');
  if (kind === 'tip') {
    const tip = await findCreatorsTip(db, own.userId, target);
    if (!tip) throw notFound('Tip');
    return { tipId: tip.id, targetUserId: tip.sender_id };
  }
  if (!(await hasTippedCreator(db, own.userId, target))) throw notFound('User');
  return { tipId: null, targetUserId: target };
}

/** Files a report for the operators' queue (the route limits how many per user). */
export async function fileReport(
  deps: Pick<AppDeps, 'db'>,
  reporter: SessionPrincipal,
  input: Required<CreateReportInput>,
): Promise<void> {
  const target = await reportTarget(deps.db, reporter, input);
  await insertReport(deps.db, {
    reporterId: reporter.userId,
    kind: input.kind,
    reason: input.reason,
    details: input.details,
    ...target,
  });
}

/** A report with its context as operators see it: masked phones only. */
export function presentReport(row: ReportRow): OpsReport {
  return {
    id: row.id,
    kind: row.target_kind,
    reason: row.reason,
    details: row.details,
    status: row.status,
    resolution: row.resolution,
    createdAt: row.created_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
    reporter: { id: row.reporter_id, name: row.reporter_name },
    reported:
      row.target_user_id !== null && row.target_name !== null
        ? {
            id: row.target_user_id,
            name: row.target_name,
            handle: row.target_handle,
            maskedPhone: maskPhone(row.target_phone ?? ''),
          }
        : null,
    tip:
      row.tip_id !== null
        ? {
            id: row.tip_id,
            message: row.tip_message ?? '',
            amountPaise: Number(row.tip_amount_paise ?? 0),
            guestName: row.tip_guest_name,
            creatorHandle: row.tip_creator_handle ?? '',
          }
        : null,
  };
}

/** The queue for operators: open first. */
export async function reportsQueue(
  db: Executor,
  filter: { status: 'open' | 'all'; limit: number },
): Promise<OpsReport[]> {
  return (await listReports(db, filter)).map(presentReport);
}

/** Closes an open report with the operator's note, audited as `report.close`; 404 unknown, 409 already closed. */
export async function closeReport(
  deps: Pick<AppDeps, 'db'>,
  operatorId: string,
  reportId: string,
  resolution: string,
): Promise<OpsReport> {
  if (!UUID_RE.test(reportId)) throw notFound('Report');
  await deps.db.transaction(async (tx) => {
    const report = await lockReport(tx, reportId);
    if (!report) throw notFound('Report');
    if (report.status === 'closed') throw conflict(MESSAGES.reportAlreadyClosed);
    await closeReportRow(tx, reportId, { operatorId, resolution });
    await recordOperatorAction(tx, {
      operatorId,
      action: 'report.close',
      targetKind: 'report',
      targetId: reportId,
      before: { status: 'open' },
      after: { status: 'closed', resolution },
      reason: resolution,
    });
  });
  const row = await findReport(deps.db, reportId);
  if (!row) throw notFound('Report');
  return presentReport(row);
}
