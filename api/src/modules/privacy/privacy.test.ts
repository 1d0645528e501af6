import { describe, expect, it } from 'vitest';
import type { Tip } from '@shabaash/shared';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator, buildUser, ledgerMismatches } from '../../../test/factories.ts';

const app = await createTestApp();
const { db, config } = app.deps;

interface DataExport {
  profile: { id: string; name: string; phone: string; role: string };
  wallet: { balancePaise: number; ledger: Array<{ kind: string; amountPaise: number }> };
  tipsSent: Array<{ amountPaise: number; message: string }>;
  tipsReceived: Array<{ amountPaise: number; sender: { phone: string | null } | null }>;
}

async function tip(from: { token: string }, to: { handle: string }, amount: number, message: string) {
  const res = await app.request('POST', '/api/tips/send', {
    token: from.token,
    body: { amount, message, creator: to.handle },
  });
  expect(res.status).toBe(200);
}

describe('a viewer or creator downloads their data (DPDP)', () => {
  it('profile, wallet ledger, tips sent and received, as a JSON download', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 50_000 });
    await tip(viewer, creator, 40, 'mine to export');

    const mine = await app.request<DataExport>('GET', '/api/users/me/export', { token: viewer.token });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-disposition')).toMatch(
      /^attachment; filename="shabaash-data-.*\.json"$/,
    );
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.body.profile).toMatchObject({ id: viewer.id, phone: viewer.phone, name: viewer.name });
    expect(mine.body.wallet.balancePaise).toBe(50_000 - 4_000 + 40);
    expect(mine.body.wallet.ledger.map((e) => e.kind).sort()).toEqual(['cashback', 'tip', 'top_up']);
    expect(mine.body.tipsSent).toMatchObject([{ amountPaise: 4_000, message: 'mine to export' }]);

    const theirs = await app.request<DataExport>('GET', '/api/users/me/export', { token: creator.token });
    expect(theirs.body.tipsReceived).toHaveLength(1);
    expect(theirs.body.tipsReceived[0]?.sender?.phone).toBe(`••••••${viewer.phone.slice(-4)}`);
    expect((await app.request('GET', '/api/users/me/export')).status).toBe(401);
  });
});

describe('a viewer deletes their account (DPDP)', () => {
  it('asks to confirm the wallet balance, then revokes sessions and shows "Deleted user" with money intact', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 50_000 });
    await tip(viewer, creator, 100, 'remember me');
    const versionBefore = (
      await app.request<{ version: number }>('GET', '/api/creator/chats', { token: creator.token })
    ).body.version;

    const unconfirmed = await app.request<{ message: string }>('DELETE', '/api/users/me', {
      token: viewer.token,
      body: { confirm: true, balancePaise: 0 },
    });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.message).toContain('₹401.00');

    const deleted = await app.request('DELETE', '/api/users/me', {
      token: viewer.token,
      body: { confirm: true, balancePaise: 40_100 },
    });
    expect(deleted.status).toBe(200);
    expect((await app.request('GET', '/api/users/me', { token: viewer.token })).status).toBe(401);
    const login = await app.request('POST', '/api/auth/login', {
      body: { phone: viewer.phone, password: 'secret123' },
    });
    expect(login.status).toBe(401);

    // A synced chat list (pull since its last version) learns the new name too.
    const since = await app.request<{ tips: Tip[] }>(
      'GET',
      `/api/creator/chats/changes?since=${versionBefore}`,
      {
        token: creator.token,
      },
    );
    expect(since.body.tips.map((t) => t.name)).toEqual(['Deleted user']);
    const chats = await app.request<{ tips: Tip[] }>('GET', '/api/creator/chats', { token: creator.token });
    expect(chats.body.tips[0]).toMatchObject({ name: 'Deleted user', amountPaise: 10_000 });
    expect(chats.body.tips[0]?.sender?.phone ?? null).toBeNull();
    const row = await db('users').where({ id: viewer.id }).first();
    expect(row).toMatchObject({ name: 'Deleted user', phone: null, profile_pic: null });
    expect(row.deleted_at).not.toBeNull();
    expect(await db('wallet_transactions').where({ user_id: viewer.id }).count()).toEqual([{ count: 3 }]);
    expect(await ledgerMismatches(db)).toEqual([]);
  });
});
