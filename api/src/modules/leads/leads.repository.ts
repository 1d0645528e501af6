import type { Executor } from '../../db/knex.ts';

/** Stores a lead from the landing page's form. */
export async function insertLead(
  db: Executor,
  lead: { name: string | null; email: string | null; phone: string; tags: string[] },
): Promise<void> {
  await db('leads').insert({ name: lead.name, email: lead.email, phone: lead.phone, tags: lead.tags });
}

/** A lead as operators work with it. */
export interface LeadRow {
  id: string;
  name: string | null;
  email: string | null;
  phone: string;
  tags: string[];
  created_at: Date;
  contacted_at: Date | null;
}

const LEAD_COLUMNS = ['id', 'name', 'email', 'phone', 'tags', 'created_at', 'contacted_at'];
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Leads, newest first; only those not yet contacted with `status: 'new'`. */
export async function listLeads(
  db: Executor,
  filter: { status: 'new' | 'all'; limit: number },
): Promise<LeadRow[]> {
  const query = db('leads').orderBy('created_at', 'desc').limit(filter.limit).select<LeadRow[]>(LEAD_COLUMNS);
  if (filter.status === 'new') void query.whereNull('contacted_at');
  return query;
}

/** One lead (FOR UPDATE with `lock`); null for an unknown or malformed id. */
export async function findLead(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<LeadRow | null> {
  if (!UUID_RE.test(id)) return null;
  const query = db('leads').where({ id }).first<LeadRow | undefined>(LEAD_COLUMNS);
  if (options.lock) void query.forUpdate();
  return (await query) ?? null;
}

/** Marks a lead as called back by this operator. */
export async function markLeadContacted(tx: Executor, id: string, operatorId: string): Promise<void> {
  await tx('leads').where({ id }).update({ contacted_at: tx.fn.now(), contacted_by: operatorId });
}
