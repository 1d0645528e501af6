import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator, buildOperator, buildUser } from '../../../test/factories.ts';
import { recordOperatorAction } from './audit.ts';

let app: TestApp;

describe('the operators’ audit log', () => {
  beforeAll(async () => {
    app = await createTestApp();
  });

  it('answers only operators: 401 signed out, 403 for a viewer and a creator', async () => {
    const viewer = await buildUser(app.deps.db, app.deps.config);
    const creator = await buildCreator(app.deps.db, app.deps.config);
    expect((await app.request('GET', '/api/ops/audit')).status).toBe(401);
    for (const user of [viewer, creator]) {
      const res = await app.request('GET', '/api/ops/audit', { token: user.token });
      expect(res).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: MESSAGES.forbiddenOperator },
      });
    }
  });

  it('lists an action with who, what, which record, before, after and why, newest first, a page at a time', async () => {
    const operator = await buildOperator(app.deps.db, app.deps.config, { name: 'Nisha Ops' });
    const targetId = crypto.randomUUID();
    for (const [i, reason] of ['first look', 'second look', 'third look'].entries()) {
      await recordOperatorAction(app.deps.db, {
        operatorId: operator.id,
        action: 'creator.suspend',
        targetKind: 'creator',
        targetId,
        before: { suspended: i % 2 === 1 },
        after: { suspended: i % 2 === 0 },
        reason,
      });
    }
    const first = await app.request('GET', `/api/ops/audit?targetKind=creator&targetId=${targetId}&limit=2`, {
      token: operator.token,
    });
    expect(first.status).toBe(200);
    const body = first.body as { entries: Array<Record<string, unknown>>; next: number | null };
    expect(body.entries.map((e) => e.reason)).toEqual(['third look', 'second look']);
    expect(body.entries[0]).toMatchObject({
      operatorId: operator.id,
      operatorName: 'Nisha Ops',
      action: 'creator.suspend',
      targetKind: 'creator',
      targetId,
      before: { suspended: false },
      after: { suspended: true },
    });
    const second = await app.request(
      'GET',
      `/api/ops/audit?targetKind=creator&targetId=${targetId}&limit=2&before=${body.next}`,
      { token: operator.token },
    );
    expect((second.body as typeof body).entries.map((e) => e.reason)).toEqual(['first look']);
    expect((second.body as typeof body).next).toBeNull();
  });

  it('keeps every row as written: the database refuses to change or delete one', async () => {
    const operator = await buildOperator(app.deps.db, app.deps.config);
    const targetId = crypto.randomUUID();
    await recordOperatorAction(app.deps.db, {
      operatorId: operator.id,
      action: 'tip.refund',
      targetKind: 'tip',
      targetId,
      before: null,
      after: { refundedPaise: 500 },
      reason: 'viewer sent it twice',
    });
    const where = { target_kind: 'tip', target_id: targetId };
    await expect(app.deps.db('operator_audit').where(where).update({ reason: 'nothing' })).rejects.toThrow(
      /append-only/,
    );
    await expect(app.deps.db('operator_audit').where(where).delete()).rejects.toThrow(/append-only/);
    expect(await app.deps.db('operator_audit').where(where).first()).toMatchObject({
      reason: 'viewer sent it twice',
    });
  });
});
