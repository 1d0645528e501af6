/**
 * Security torture: the authorisation matrix over every route × role (anonymous, viewer, creator, another
 * creator, operator, the creator's moderator and another creator's moderator), forged webhooks, the login rate limit, security headers with a Content-Security-Policy on the app
 * shell and the API, and no secret (key secrets, webhook secret, JWT secret, service-account fields, the
 * server-only blocklist) in any file of the built PWA.
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, endpointPath, MESSAGES } from '@shabaash/shared';
import { createTestApp } from '../harness.ts';
import {
  buildCreator,
  buildModerator,
  buildOperator,
  buildUser,
  randomPhone,
  type BuiltCreator,
  type BuiltUser,
} from '../factories.ts';
import { createApp } from '../../src/app.ts';
import { PWA_DIST } from '../../src/server.ts';
import { hmacHex } from '../../src/payments/gateway.ts';
import { BUILTIN_BLOCKLIST } from '../../src/modules/safety/builtinList.ts';

const REPO_ROOT = path.resolve(PWA_DIST, '../..');
const app = await createTestApp({ youtube: true });
const { db, config } = app.deps;

// ---------- authorisation matrix ----------

type Role = 'anonymous' | 'viewer' | 'creator' | 'otherCreator' | 'operator' | 'moderator' | 'otherModerator';
const ROLES: Role[] = [
  'anonymous',
  'viewer',
  'creator',
  'otherCreator',
  'operator',
  'moderator',
  'otherModerator',
];

/**
 * Who a route answers (anything but 401/403): everyone on public routes; any signed-in account on user routes
 * (an operator too, acting only as itself); creators on creator routes (never a moderator); operators alone on
 * operator routes; on moderator routes (`/moderation/:handle/…`, the path naming the creator), that creator's
 * moderator alone: not the creator, not another creator's moderator.
 */
function answers(auth: 'public' | 'user' | 'creator' | 'operator' | 'moderator', role: Role): boolean {
  if (auth === 'public') return true;
  if (auth === 'user') return role !== 'anonymous';
  if (auth === 'creator') return role === 'creator' || role === 'otherCreator';
  if (auth === 'moderator') return role === 'moderator';
  return role === 'operator';
}

describe('authorisation matrix', () => {
  for (const [name, e] of Object.entries(endpoints)) {
    it(`${e.method} /api${e.path} (${name}, ${e.auth})`, async () => {
      // Fresh principals per route: logout and key rotation must not leak into other rows.
      const owner = await buildCreator(db, config);
      const other = await buildCreator(db, config);
      const viewer = await buildUser(db, config, { balancePaise: 10_000 });
      const operator = await buildOperator(db, config);
      const moderator = await buildModerator(db, config, owner);
      const otherModerator = await buildModerator(db, config, other);
      const tokens: Record<Role, string | undefined> = {
        anonymous: undefined,
        viewer: viewer.token,
        creator: owner.token,
        otherCreator: other.token,
        operator: operator.token,
        moderator: moderator.token,
        otherModerator: otherModerator.token,
      };
      const url = `/api${endpointPath(e.path, {
        id: '00000000-0000-4000-8000-000000000000',
        token: 'A'.repeat(43),
        handle: owner.handle,
      })}`;
      for (const role of ROLES) {
        const res = await app.request<{ message?: string; code?: string }>(e.method, url, {
          token: tokens[role],
          ...(e.method === 'GET' ? {} : { body: {} }),
        });
        const label = `${role} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`;
        expect(res.status, label).toBeLessThan(500);
        if (answers(e.auth, role)) {
          expect([401, 403], label).not.toContain(res.status);
        } else if (role === 'anonymous') {
          expect(res.status, label).toBe(401);
          expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED', message: MESSAGES.unauthenticated });
        } else {
          expect(res.status, label).toBe(403);
          expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
        }
      }
    });
  }

  it('an operator token acts only as the operator on user routes: its own profile, its own (empty) wallet', async () => {
    const operator = await buildOperator(db, config);
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 10_000 });
    const me = await app.request<{ user: { id: string; role: string } }>('GET', `/api${endpoints.me.path}`, {
      token: operator.token,
    });
    expect(me.body.user).toMatchObject({ id: operator.id, role: 'operator' });
    const balance = await app.request<{ balancePaise: number }>('GET', `/api${endpoints.balance.path}`, {
      token: operator.token,
    });
    expect(balance.body.balancePaise).toBe(0);
    const sent = await app.request('POST', '/api/tips/send', {
      token: operator.token,
      body: { amount: 50, message: 'not my money', creator: creator.handle },
    });
    expect(sent).toMatchObject({ status: 402, body: { message: MESSAGES.insufficientBalance } });
    const theirs = await app.request<{ balancePaise: number }>('GET', `/api${endpoints.balance.path}`, {
      token: viewer.token,
    });
    expect(theirs.body.balancePaise).toBe(10_000);
  });

  it("another creator cannot read, moderate or delete a creator's chats, or unblock their blocked senders", async () => {
    const owner = await buildCreator(db, config);
    const other = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 10_000 });
    const sent = await app.request<{ tip: { id: string } }>('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 50, message: 'for the owner only', creator: owner.handle },
    });
    expect(sent.status).toBe(200);
    const tipId = sent.body.tip.id;
    const blocked = await app.request<{ blockedSender: { id: string } }>(
      'POST',
      '/api/creator/safety/blocked-senders',
      {
        token: owner.token,
        body: { phone: randomPhone() },
      },
    );
    expect(blocked.status).toBe(201);

    const attempts = [
      await app.request('PATCH', `/api/creator/chats/${tipId}/status`, {
        token: other.token,
        body: { status: 'read' },
      }),
      await app.request('DELETE', `/api/creator/chats/${tipId}`, { token: other.token }),
      await app.request('DELETE', `/api/creator/safety/blocked-senders/${blocked.body.blockedSender.id}`, {
        token: other.token,
      }),
      await app.request('PATCH', `/api/creator/chats/${tipId}/status`, {
        token: viewer.token,
        body: { status: 'read' },
      }),
    ];
    for (const res of attempts) expect([403, 404]).toContain(res.status);
    const row = await db('tips')
      .where({ id: tipId })
      .first<{ status: string; deleted_at: Date | null }>('status', 'deleted_at');
    expect(row).toMatchObject({ status: 'unread', deleted_at: null });
    expect(await db('blocked_senders').where({ id: blocked.body.blockedSender.id }).first()).toBeTruthy();

    for (const listUrl of ['/api/creator/chats', '/api/creator/recent-tips']) {
      const list = await app.request<unknown>('GET', listUrl, { token: other.token });
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain(tipId);
      expect(JSON.stringify(list.body)).not.toContain('for the owner only');
    }
    const analytics = await app.request<{ totalTipsCount: number }>('GET', '/api/creator/analytics', {
      token: other.token,
    });
    expect(analytics.body.totalTipsCount).toBe(0);
  });

  it('a revoked session (after logout) is refused everywhere', async () => {
    const viewer: BuiltUser = await buildUser(db, config);
    expect((await app.request('POST', '/api/auth/logout', { token: viewer.token })).status).toBe(200);
    expect((await app.request('GET', '/api/users/me', { token: viewer.token })).status).toBe(401);
    expect((await app.request('GET', '/api/wallet/balance', { token: viewer.token })).status).toBe(401);
    const creator: BuiltCreator = await buildCreator(db, config);
    const forged = `${creator.token.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    expect((await app.request('GET', '/api/creator/analytics', { token: forged })).status).toBe(401);
  });
});

// ---------- webhook ----------

describe('webhook signatures', () => {
  it('refuses forged webhooks with 400 and records nothing', async () => {
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: 'pay_SecForged01',
            order_id: 'order_x',
            amount: 100,
            currency: 'INR',
            status: 'captured',
          },
        },
      },
    });
    const cases: Array<Record<string, string>> = [
      {},
      { 'x-razorpay-signature': '' },
      { 'x-razorpay-signature': hmacHex('wrong secret', body) },
      { 'x-razorpay-signature': hmacHex(config.RAZORPAY_WEBHOOK_SECRET, `${body} `) },
      { 'x-razorpay-signature': hmacHex(config.RAZORPAY_WEBHOOK_SECRET, body).toUpperCase() + '00' },
    ];
    for (const [i, headers] of cases.entries()) {
      const res = await app.request<{ code: string; message: string }>('POST', '/api/webhooks/razorpay', {
        rawBody: body,
        headers: { ...headers, 'x-razorpay-event-id': `evt_sec_${i}` },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    expect(await db('webhook_events').where('id', 'like', 'evt_sec_%')).toHaveLength(0);
  });
});

// ---------- rate limits ----------

describe('rate limits', () => {
  it('the 11th login for one phone within a minute is a 429 with Retry-After', async () => {
    const phone = randomPhone();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof app.request<{ message: string; code: string }>>> | undefined;
    for (let i = 0; i < 11; i++) {
      last = await app.request<{ message: string; code: string }>('POST', '/api/auth/login', {
        body: { phone, password: `wrong-${i}` },
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401 || s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(last!.body).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGES.tooManyAttempts });
    const retryAfter = Number(last!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('a burst of 30 top-ups from one account makes at most 10 gateway orders; the rest are 429', async () => {
    const viewer = await buildUser(db, config);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        app.request('POST', '/api/wallet/add-money', { token: viewer.token, body: { amount: 10 } }),
      ),
    );
    const made = answers.filter((a) => a.status === 200).length;
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    expect(made).toBeGreaterThanOrEqual(config.TOP_UP_OPEN_ORDERS_MAX);
    expect(made).toBeLessThanOrEqual(config.ADD_MONEY_LIMIT_PER_USER_PER_MINUTE);
    expect(await db('payment_orders').where({ user_id: viewer.id }).count()).toEqual([{ count: made }]);
  });
});

// ---------- headers ----------

describe('security headers and CSP', () => {
  let shell: http.Server;
  let shellUrl = '';
  beforeAll(async () => {
    ensureBuilt();
    shell = http.createServer(createApp(app.deps, { staticDir: PWA_DIST }).callback());
    await new Promise<void>((resolve) => shell.listen(0, '127.0.0.1', resolve));
    shellUrl = `http://127.0.0.1:${(shell.address() as AddressInfo).port}`;
  }, 300_000);
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        shell.close(() => resolve());
        shell.closeAllConnections();
      }),
  );

  it('are present on the app shell, the overlay, API answers and API errors', async () => {
    const targets = [
      '/',
      '/login',
      '/overlay?display=1',
      '/api/health',
      '/api/config',
      '/api/users/me',
      '/api/no-such-route',
    ];
    for (const target of targets) {
      const res = await fetch(`${shellUrl}${target}`);
      const h = res.headers;
      expect(h.get('x-content-type-options'), target).toBe('nosniff');
      expect(h.get('x-frame-options'), target).toBe('SAMEORIGIN');
      expect(h.get('referrer-policy'), target).toBeTruthy();
      expect(h.get('x-powered-by'), target).toBeNull();
      const csp = h.get('content-security-policy') ?? '';
      expect(csp, target).toContain("default-src 'self'");
      expect(csp, target).toContain("object-src 'none'");
      expect(csp, target).toMatch(/frame-ancestors [^;]*'self'/);
      expect(csp, target).toContain("base-uri 'self'");
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, target).not.toContain("'unsafe-inline'");
      expect(scriptSrc, target).not.toContain("'unsafe-eval'");
      expect(scriptSrc, target).not.toContain('*');
    }
  });
});

// ---------- secrets in the built PWA ----------

function ensureBuilt(): void {
  if (fs.existsSync(path.join(PWA_DIST, 'index.html'))) return;
  const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'pipe', timeout: 280_000 });
  if (result.status !== 0) throw new Error(`PWA build failed:\n${result.stdout}\n${result.stderr}`);
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe('no secret in the built PWA', () => {
  beforeAll(() => ensureBuilt(), 300_000);

  it("ships no MSW mock worker (it is dev:mocks' own)", () => {
    expect(fs.existsSync(path.join(PWA_DIST, 'mockServiceWorker.js'))).toBe(false);
  });

  it('no key secret, webhook secret, JWT secret, service-account field or server-only blocklist term in any file', () => {
    const files = filesUnder(PWA_DIST);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    const secrets = [
      'sandbox_key_secret',
      'sandbox_webhook_secret',
      config.RAZORPAY_WEBHOOK_SECRET,
      config.JWT_SECRET!,
      'JWT_SECRET',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      config.phoneHashSecret,
      'PHONE_HASH_SECRET',
      'FIREBASE_SERVICE_ACCOUNT',
      'private_key',
      'BEGIN PRIVATE KEY',
      'client_email',
      'DATABASE_URL',
      'postgres://',
    ];
    // The blocklist is server-only: its distinctive entries (Devanagari, Hinglish, long English) must not ship.
    const terms = BUILTIN_BLOCKLIST.map((t) => t.term).filter(
      (t) => /[\u0900-\u097f]/.test(t) || t.length >= 6 || t.includes(' '),
    );
    expect(terms.length).toBeGreaterThan(40);
    const found: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file).toString('utf8');
      for (const secret of secrets)
        if (text.includes(secret)) found.push(`${path.relative(PWA_DIST, file)}: ${secret}`);
      if (/\.(m?js|html|json|webmanifest)$/.test(file)) {
        const lower = text.toLowerCase();
        for (const term of terms) {
          const re = new RegExp(
            `(^|[^\\p{L}\\p{M}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{M}])`,
            'u',
          );
          if (re.test(lower)) found.push(`${path.relative(PWA_DIST, file)}: blocklist term ${term}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
