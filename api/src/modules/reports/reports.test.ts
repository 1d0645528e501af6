import { describe, expect, it } from 'vitest';
import { MESSAGES, type OpsReport } from '@shabaash/shared';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator, buildOperator, buildUser, seedGuestTip } from '../../../test/factories.ts';
import { insertTip } from '../tips/tips.repository.ts';

// Reports: a creator reports a tip of their chats or a viewer who tipped them, a viewer reports a creator; the
// operators' queue shows them with context (masked phones only) and closes them with a note (audited).

const app = await createTestApp();
const { db, config } = app.deps;

const report = (token: string, body: Record<string, unknown>) =>
  app.request<{ message: string; code?: string }>('POST', '/api/reports', { token, body });

async function walletTipFrom(senderId: string, creatorId: string, message: string): Promise<string> {
  const row = await db.transaction((tx) =>
    insertTip(tx, { creatorId, senderId, guestName: null, source: 'wallet', amountPaise: 25_000, message }),
  );
  return row.id;
}

const queue = async (token: string, status = 'open') =>
  (await app.request<{ reports: OpsReport[] }>('GET', `/api/ops/reports?status=${status}`, { token })).body
    .reports;

describe('reporting from the PWA', () => {
  it('a creator reports a tip of their chats; the queue shows its text, amount, the sender masked and the reporter', async () => {
    const creator = await buildCreator(db, config, { name: 'Asha Streams' });
    const viewer = await buildUser(db, config, { name: 'Troll Raj' });
    const tipId = await walletTipFrom(viewer.id, creator.id, 'you are terrible');
    const res = await report(creator.token, { kind: 'tip', target: tipId, reason: 'abuse', details: 'Slur' });
    expect(res).toMatchObject({ status: 201, body: { message: MESSAGES.reportSent } });

    const operator = await buildOperator(db, config);
    const found = (await queue(operator.token)).find((r) => r.tip?.id === tipId);
    expect(found).toMatchObject({
      kind: 'tip',
      reason: 'abuse',
      details: 'Slur',
      status: 'open',
      reporter: { id: creator.id, name: 'Asha Streams' },
      reported: { id: viewer.id, name: 'Troll Raj', maskedPhone: `••••••${viewer.phone.slice(-4)}` },
      tip: { message: 'you are terrible', amountPaise: 25_000, creatorHandle: creator.handle },
    });
    expect(JSON.stringify(found)).not.toContain(viewer.phone);
  });

  it('nobody reports a tip or a viewer they cannot see (404), nor themselves (400)', async () => {
    const creator = await buildCreator(db, config);
    const stranger = await buildCreator(db, config);
    const viewer = await buildUser(db, config);
    const tipId = await seedGuestTip(db, creator.id);
    expect((await report(stranger.token, { kind: 'tip', target: tipId, reason: 'spam' })).status).toBe(404);
    expect((await report(viewer.token, { kind: 'tip', target: tipId, reason: 'spam' })).status).toBe(404);
    expect((await report(creator.token, { kind: 'viewer', target: viewer.id, reason: 'spam' })).status).toBe(
      404,
    );
    expect(
      await report(creator.token, { kind: 'creator', target: creator.handle, reason: 'spam' }),
    ).toMatchObject({ status: 400, body: { message: MESSAGES.cannotReportYourself } });
    expect(
      (await report(viewer.token, { kind: 'creator', target: 'no-such-handle', reason: 'spam' })).status,
    ).toBe(404);
    expect(
      (await report(viewer.token, { kind: 'creator', target: creator.handle, reason: 'bogus' })).status,
    ).toBe(400);
    expect(
      (await app.request('POST', '/api/reports', { body: { kind: 'creator', target: creator.handle } }))
        .status,
    ).toBe(401);
  });

  it('a viewer reports a creator, a creator reports a viewer who tipped them; more than 10 an hour are refused', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config);
    await walletTipFrom(viewer.id, creator.id, 'hi');
    expect(
      (await report(viewer.token, { kind: 'creator', target: creator.handle, reason: 'scam' })).status,
    ).toBe(201);
    expect((await report(creator.token, { kind: 'viewer', target: viewer.id, reason: 'hate' })).status).toBe(
      201,
    );
    for (let i = 0; i < 9; i++)
      expect(
        (await report(viewer.token, { kind: 'creator', target: creator.handle, reason: 'spam' })).status,
      ).toBe(201);
    const limited = await report(viewer.token, { kind: 'creator', target: creator.handle, reason: 'spam' });
    expect(limited.status).toBe(429);
    const operator = await buildOperator(db, config);
    const aboutCreator = (await queue(operator.token)).filter((r) => r.reported?.id === creator.id);
    expect(aboutCreator).toHaveLength(10);
    expect(aboutCreator[0]?.reported).toMatchObject({ handle: creator.handle });
  });
});

describe('the operators’ reports queue', () => {
  it('answers operators only', async () => {
    const viewer = await buildUser(db, config);
    const creator = await buildCreator(db, config);
    const id = crypto.randomUUID();
    expect((await app.request('GET', '/api/ops/reports')).status).toBe(401);
    for (const user of [viewer, creator]) {
      expect((await app.request('GET', '/api/ops/reports', { token: user.token })).status).toBe(403);
      const close = await app.request('POST', `/api/ops/reports/${id}/close`, {
        token: user.token,
        body: { resolution: 'Looked at it' },
      });
      expect(close.status).toBe(403);
    }
  });

  it('closes a report with a note (required), audited; it leaves the open list and cannot be closed twice', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config);
    await report(viewer.token, {
      kind: 'creator',
      target: creator.handle,
      reason: 'scam',
      details: 'Fake giveaway',
    });
    const operator = await buildOperator(db, config);
    const open = (await queue(operator.token)).find((r) => r.reporter.id === viewer.id);
    if (!open) throw new Error('report not queued');
    const path = `/api/ops/reports/${open.id}/close`;
    expect((await app.request('POST', path, { token: operator.token, body: {} })).status).toBe(400);
    const closed = await app.request<{ report: OpsReport }>('POST', path, {
      token: operator.token,
      body: { resolution: 'Warned the creator; giveaway removed' },
    });
    expect(closed.status).toBe(200);
    expect(closed.body.report).toMatchObject({
      status: 'closed',
      resolution: 'Warned the creator; giveaway removed',
    });
    expect((await queue(operator.token)).some((r) => r.id === open.id)).toBe(false);
    const all = await queue(operator.token, 'all');
    expect(all.findIndex((r) => r.id === open.id)).toBeGreaterThan(-1);
    expect(all.filter((r) => r.status === 'open').every((r, i) => all[i] === r)).toBe(true); // open first
    const again = await app.request('POST', path, {
      token: operator.token,
      body: { resolution: 'Once more' },
    });
    expect(again).toMatchObject({ status: 409, body: { message: MESSAGES.reportAlreadyClosed } });
    const audit = await db('operator_audit').where({ target_kind: 'report', target_id: open.id }).select('*');
    expect(audit.map((r) => [r.action, r.reason])).toEqual([
      ['report.close', 'Warned the creator; giveaway removed'],
    ]);
  });
});
