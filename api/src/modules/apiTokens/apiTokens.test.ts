import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_SCOPES, type ApiToken, type ApiTokenScope, type Tip } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator, seedGuestTip, type BuiltCreator } from '../../../test/factories.ts';
import { API_TOKEN_RATE_LIMIT } from './apiTokens.auth.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

const seedTip = (creator: BuiltCreator) => seedGuestTip(app.deps.db, creator.id);

async function makeToken(creator: BuiltCreator, scopes: ApiTokenScope[], name = 'bot') {
  const res = await app.request<{ token: ApiToken; secret: string }>('POST', '/api/creator/api-tokens', {
    token: creator.token,
    body: { name, scopes },
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** Every call a token might try, with the scope that should let it through (null: no token may). */
const calls: Array<{
  label: string;
  scope: ApiTokenScope | null;
  run: (creator: BuiltCreator, secret: string) => Promise<number>;
}> = [
  {
    label: 'GET /creator/chats',
    scope: 'tips:read',
    run: async (_c, secret) => (await app.request('GET', '/api/creator/chats', { token: secret })).status,
  },
  {
    label: 'GET /creator/recent-tips',
    scope: 'tips:read',
    run: async (_c, secret) =>
      (await app.request('GET', '/api/creator/recent-tips', { token: secret })).status,
  },
  {
    label: 'PATCH /creator/chats/:id/status',
    scope: 'tips:moderate',
    run: async (c, secret) =>
      (
        await app.request('PATCH', `/api/creator/chats/${await seedTip(c)}/status`, {
          token: secret,
          body: { status: 'read' },
        })
      ).status,
  },
  {
    label: 'DELETE /creator/chats/:id',
    scope: 'tips:moderate',
    run: async (c, secret) =>
      (await app.request('DELETE', `/api/creator/chats/${await seedTip(c)}`, { token: secret })).status,
  },
  {
    label: 'GET /creator/payouts',
    scope: 'payouts:read',
    run: async (_c, secret) => (await app.request('GET', '/api/creator/payouts', { token: secret })).status,
  },
  {
    label: 'GET /creator/payouts/statement',
    scope: 'payouts:read',
    run: async (_c, secret) =>
      (await app.request('GET', '/api/creator/payouts/statement?month=2026-11', { token: secret })).status,
  },
  ...(
    [
      ['POST', '/api/creator/payouts/onboarding', {}],
      ['PATCH', '/api/creator/payouts/onboarding', {}],
      ['GET', '/api/creator/analytics'],
      ['GET', '/api/creator/overlay'],
      ['POST', '/api/creator/overlay-key/rotate'],
      ['GET', '/api/creator/safety'],
      ['GET', '/api/users/me'],
      ['GET', '/api/wallet/balance'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/creator/api-tokens'],
      ['POST', '/api/creator/api-tokens', { name: 'x', scopes: ['tips:read'] }],
    ] as const
  ).map(([method, path, body]) => ({
    label: `${method} ${path}`,
    scope: null,
    run: async (_c: BuiltCreator, secret: string) =>
      (await app.request(method, path, { token: secret, body })).status,
  })),
  {
    label: 'POST /tips/send',
    scope: null,
    run: async (c, secret) =>
      (
        await app.request('POST', '/api/tips/send', {
          token: secret,
          headers: { 'idempotency-key': randomUUID() },
          body: { creator: 'someone', amount: 10, message: '' },
        })
      ).status,
  },
];

describe('creator API tokens', () => {
  it('shows the secret once, stores only its SHA-256, and lists name, scopes and prefix', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const { token, secret } = await makeToken(
      creator,
      ['tips:read', 'tips:read', 'payouts:read'],
      'Streamer.bot',
    );
    expect(secret).toMatch(/^shb_[\w-]{43}$/);
    expect(token.scopes).toEqual(['tips:read', 'payouts:read']);
    expect(secret.startsWith(token.prefix)).toBe(true);

    const list = await app.request<{ tokens: ApiToken[] }>('GET', '/api/creator/api-tokens', {
      token: creator.token,
    });
    expect(list.body.tokens).toEqual([token]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const rows = await app.deps.db('api_tokens').where({ id: token.id });
    expect(JSON.stringify(rows)).not.toContain(secret.slice(10));
    expect(rows[0].token_hash).toHaveLength(32);
  });

  it('refuses bad input with the schema messages', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const noScopes = await app.request<{ message: string }>('POST', '/api/creator/api-tokens', {
      token: creator.token,
      body: { name: 'bot', scopes: [] },
    });
    expect(noScopes.status).toBe(400);
    expect(noScopes.body.message).toBe('Choose at least one scope.');
    const badScope = await app.request('POST', '/api/creator/api-tokens', {
      token: creator.token,
      body: { name: 'bot', scopes: ['wallet:write'] },
    });
    expect(badScope.status).toBe(400);
  });

  it.each(API_TOKEN_SCOPES)(
    'a %s token can do exactly what its scope allows and nothing more',
    async (scope) => {
      const creator = await buildCreator(app.deps.db, app.deps.config);
      const { secret } = await makeToken(creator, [scope]);
      const outcomes: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const call of calls) {
        outcomes[call.label] = await call.run(creator, secret);
        expected[call.label] = call.scope === scope ? 200 : 403;
      }
      expect(outcomes).toEqual(expected);
    },
  );

  it("reaches only its own creator's data", async () => {
    const mine = await buildCreator(app.deps.db, app.deps.config);
    const theirs = await buildCreator(app.deps.db, app.deps.config);
    const myTip = await seedTip(mine);
    const theirTip = await seedTip(theirs);
    const { secret } = await makeToken(mine, ['tips:read', 'tips:moderate']);

    const list = await app.request<{ tips: Tip[] }>('GET', '/api/creator/chats', { token: secret });
    expect(list.body.tips.map((t) => t.id)).toEqual([myTip]);
    const moderate = await app.request('PATCH', `/api/creator/chats/${theirTip}/status`, {
      token: secret,
      body: { status: 'read' },
    });
    expect(moderate.status).toBe(404);
    const remove = await app.request('DELETE', `/api/creator/chats/${theirTip}`, { token: secret });
    expect(remove.status).toBe(404);
    const stillThere = await app.request<{ tips: Tip[] }>('GET', '/api/creator/chats', {
      token: theirs.token,
    });
    expect(stillThere.body.tips.map((t) => [t.id, t.status])).toEqual([[theirTip, 'unread']]);
    // Another creator cannot revoke my token either.
    const { token } = await makeToken(mine, ['tips:read']);
    expect(
      (await app.request('DELETE', `/api/creator/api-tokens/${token.id}`, { token: theirs.token })).status,
    ).toBe(404);
  });

  it('shows when a token was last used', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const { token, secret } = await makeToken(creator, ['tips:read']);
    expect(token.lastUsedAt).toBeNull();
    await app.request('GET', '/api/creator/chats', { token: secret });
    const list = await app.request<{ tokens: ApiToken[] }>('GET', '/api/creator/api-tokens', {
      token: creator.token,
    });
    const used = list.body.tokens[0]?.lastUsedAt;
    expect(used).not.toBeNull();
    expect(Math.abs(Date.parse(used ?? '') - Date.now())).toBeLessThan(60_000);
  });

  it('is refused at once after revocation, on this instance and on another one', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const { token, secret } = await makeToken(creator, ['tips:read']);
    const other = await createTestApp({ databaseUrl: app.databaseUrl });
    expect((await other.request('GET', '/api/creator/chats', { token: secret })).status).toBe(200);
    expect((await app.request('GET', '/api/creator/chats', { token: secret })).status).toBe(200);

    const revoked = await app.request('DELETE', `/api/creator/api-tokens/${token.id}`, {
      token: creator.token,
    });
    expect(revoked.status).toBe(200);
    for (const instance of [app, other]) {
      const res = await instance.request<{ message: string }>('GET', '/api/creator/chats', { token: secret });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('This API token is not valid or was revoked.');
    }
    const list = await app.request<{ tokens: ApiToken[] }>('GET', '/api/creator/api-tokens', {
      token: creator.token,
    });
    expect(list.body.tokens).toEqual([]);
  });

  it('rate-limits each token on its own', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const busy = await makeToken(creator, ['tips:read'], 'busy');
    const quiet = await makeToken(creator, ['tips:read'], 'quiet');
    // Start at the beginning of a fresh window so all calls land in the same one.
    const msIntoMinute = Date.now() % API_TOKEN_RATE_LIMIT.windowMs;
    if (msIntoMinute > 45_000)
      await new Promise((r) => setTimeout(r, API_TOKEN_RATE_LIMIT.windowMs - msIntoMinute));
    const statuses: number[] = [];
    for (let i = 0; i <= API_TOKEN_RATE_LIMIT.limit; i += 1) {
      statuses.push((await app.request('GET', '/api/creator/recent-tips', { token: busy.secret })).status);
    }
    expect(statuses.slice(0, API_TOKEN_RATE_LIMIT.limit).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await app.request('GET', '/api/creator/recent-tips', { token: quiet.secret })).status).toBe(200);
  });
});
