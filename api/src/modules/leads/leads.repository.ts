import type { Executor } from '../../db/knex.ts';

/** Stores a lead from the landing page's form. */
export async function insertLead(
  db: Executor,
  lead: { name: string | null; email: string | null; phone: string; tags: string[] },
): Promise<void> {
  await db('leads').insert({ name: lead.name, email: lead.email, phone: lead.phone, tags: lead.tags });
}
