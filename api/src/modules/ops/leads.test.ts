import { describe, expect, it } from 'vitest';
import type { OpsLead } from '@shabaash/shared';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator, buildOperator, buildUser, randomPhone } from '../../../test/factories.ts';

// The landing form's leads in /ops: listed and exported with phones masked, one number revealed on purpose
// (reason required, audited), marked as contacted (audited).

const app = await createTestApp();
const { db, config } = app.deps;

async function lead(name: string, phone = randomPhone()): Promise<{ id: string; phone: string }> {
  const [row] = await db('leads')
    .insert({ name, email: `lead-${phone.slice(0, 3)}@example.com`, phone, tags: ['creator'] })
    .returning<Array<{ id: string }>>('id');
  if (!row) throw new Error('lead insert failed');
  return { id: row.id, phone };
}

describe('leads for operators', () => {
  it('answer operators only', async () => {
    const viewer = await buildUser(db, config);
    const creator = await buildCreator(db, config);
    const { id } = await lead('Quiet Lead');
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/api/ops/leads', undefined],
      ['GET', '/api/ops/leads.csv', undefined],
      ['POST', `/api/ops/leads/${id}/reveal`, { reason: 'Calling them back' }],
      ['POST', `/api/ops/leads/${id}/contacted`, {}],
    ];
    for (const [method, path, body] of calls) {
      expect((await app.request(method, path, { body })).status, path).toBe(401);
      for (const user of [viewer, creator])
        expect((await app.request(method, path, { token: user.token, body })).status, path).toBe(403);
    }
    expect(await db('leads').where({ id }).first()).toMatchObject({ contacted_at: null });
  });

  it('list and CSV show phones masked; the CSV guards formulas', async () => {
    const operator = await buildOperator(db, config);
    const plain = await lead('Priya Creator');
    const formula = await lead('=HYPERLINK("http://evil.example")');
    const list = await app.request<{ leads: OpsLead[] }>('GET', '/api/ops/leads', { token: operator.token });
    expect(list.status).toBe(200);
    const shown = list.body.leads.find((l) => l.id === plain.id);
    expect(shown).toMatchObject({ name: 'Priya Creator', maskedPhone: `••••••${plain.phone.slice(-4)}` });
    expect(JSON.stringify(list.body)).not.toContain(plain.phone);

    const csv = await app.request<string>('GET', '/api/ops/leads.csv', { token: operator.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.body).toContain(`"••••••${plain.phone.slice(-4)}"`);
    expect(csv.body).not.toContain(plain.phone);
    expect(csv.body).not.toContain(formula.phone);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it('reveals one number only with a reason, and writes who looked and why', async () => {
    const operator = await buildOperator(db, config, { name: 'Ravi Ops' });
    const target = await lead('Call Me');
    const path = `/api/ops/leads/${target.id}/reveal`;
    expect((await app.request('POST', path, { token: operator.token, body: {} })).status).toBe(400);
    expect(await db('operator_audit').where({ target_id: target.id })).toEqual([]);
    const res = await app.request<{ phone: string }>('POST', path, {
      token: operator.token,
      body: { reason: 'Calling back about onboarding' },
    });
    expect(res).toMatchObject({ status: 200, body: { phone: target.phone } });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const audit = await db('operator_audit').where({ target_kind: 'lead', target_id: target.id }).select('*');
    expect(audit.map((r) => [r.action, r.operator_name, r.reason])).toEqual([
      ['lead.reveal', 'Ravi Ops', 'Calling back about onboarding'],
    ]);
    expect(JSON.stringify(audit)).not.toContain(target.phone);
    expect(
      (
        await app.request('POST', `/api/ops/leads/${crypto.randomUUID()}/reveal`, {
          token: operator.token,
          body: { reason: 'Calling back about onboarding' },
        })
      ).status,
    ).toBe(404);
  });

  it('marks a lead contacted once, audited; the "new" list leaves it out', async () => {
    const operator = await buildOperator(db, config);
    const target = await lead('Contact Me');
    const path = `/api/ops/leads/${target.id}/contacted`;
    const first = await app.request<{ lead: OpsLead }>('POST', path, { token: operator.token });
    expect(first.status).toBe(200);
    expect(first.body.lead.contactedAt).not.toBeNull();
    const second = await app.request<{ lead: OpsLead }>('POST', path, { token: operator.token });
    expect(second.body.lead.contactedAt).toBe(first.body.lead.contactedAt);
    const audit = await db('operator_audit')
      .where({ target_kind: 'lead', target_id: target.id })
      .select('action');
    expect(audit.map((r) => r.action)).toEqual(['lead.contacted']);
    const fresh = await app.request<{ leads: OpsLead[] }>('GET', '/api/ops/leads?status=new', {
      token: operator.token,
    });
    expect(fresh.body.leads.some((l) => l.id === target.id)).toBe(false);
  });
});
