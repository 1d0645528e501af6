import { maskPhone, type OpsLead } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { CsvValue } from '../../http/csv.ts';
import { notFound } from '../../http/errors.ts';
import { recordOperatorAction } from '../ops/audit.ts';
import { findLead, listLeads, markLeadContacted, type LeadRow } from './leads.repository.ts';

// The landing form's leads for operators. Phones are masked everywhere (list and CSV); the one number an operator
// calls back is shown only by an explicit reveal, which writes an audit row with the operator's reason.

export function presentLead(row: LeadRow): OpsLead {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    maskedPhone: maskPhone(row.phone),
    tags: row.tags,
    createdAt: row.created_at.toISOString(),
    contactedAt: row.contacted_at?.toISOString() ?? null,
  };
}

export async function leadsList(
  deps: Pick<AppDeps, 'db'>,
  filter: { status: 'new' | 'all'; limit: number },
): Promise<OpsLead[]> {
  return (await listLeads(deps.db, filter)).map(presentLead);
}

/** The CSV export: one row per lead, phones masked (the export goes through http/csv.ts and its formula guard). */
export async function leadsCsvRows(deps: Pick<AppDeps, 'db'>): Promise<CsvValue[][]> {
  const rows = await listLeads(deps.db, { status: 'all', limit: 10_000 });
  return [
    ['Name', 'Email', 'Phone', 'Tags', 'Created at', 'Contacted at'],
    ...rows.map((row) => {
      const lead = presentLead(row);
      return [lead.name, lead.email, lead.maskedPhone, lead.tags.join(' '), lead.createdAt, lead.contactedAt];
    }),
  ];
}

/** One lead's full number, for an operator who calls them back; audited as `lead.reveal` with the reason. */
export async function revealLeadPhone(
  deps: Pick<AppDeps, 'db'>,
  operatorId: string,
  leadId: string,
  reason: string,
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const lead = await findLead(tx, leadId);
    if (!lead) throw notFound('Lead');
    await recordOperatorAction(tx, {
      operatorId,
      action: 'lead.reveal',
      targetKind: 'lead',
      targetId: leadId,
      before: null,
      after: null,
      reason,
    });
    return lead.phone;
  });
}

/** Marks a lead as contacted, audited as `lead.contacted`; marking it again changes nothing and writes no row. */
export async function leadContacted(
  deps: Pick<AppDeps, 'db'>,
  operatorId: string,
  leadId: string,
): Promise<OpsLead> {
  const row = await deps.db.transaction(async (tx) => {
    const lead = await findLead(tx, leadId, { lock: true });
    if (!lead) throw notFound('Lead');
    if (lead.contacted_at) return lead;
    await markLeadContacted(tx, leadId, operatorId);
    await recordOperatorAction(tx, {
      operatorId,
      action: 'lead.contacted',
      targetKind: 'lead',
      targetId: leadId,
      before: { contactedAt: null },
      after: { contacted: true },
      reason: null,
    });
    return findLead(tx, leadId);
  });
  if (!row) throw notFound('Lead');
  return presentLead(row);
}
