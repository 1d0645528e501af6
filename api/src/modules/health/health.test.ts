import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import { buildUser } from '../../../test/factories.ts';
import { createRealtime, type Realtime } from '../../realtime/hub.ts';
import { freePort } from '../../ports.ts';
import { realtimeHealth } from './parts.ts';

describe('GET /api/health and the error envelope', () => {
  it('answers 200 with db ok against the real database', async () => {
    const app = await createTestApp();
    const res = await app.request<{ status: string; db: string; version: string; parts: unknown }>(
      'GET',
      '/api/health',
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      db: 'ok',
      version: 'test',
      parts: { database: { mode: expect.any(String) as string, status: 'ok' } },
    });
    const tables = await app.deps.db.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from information_schema.tables where table_name in ('users','sessions','wallets','tips')`,
    );
    expect(tables.rows[0]?.n).toBe(4);
  });

  it('answers 503 with a reason when the database is unreachable', async () => {
    const app = await createTestApp();
    await app.deps.db.destroy();
    const res = await app.request<{
      db: string;
      reason: string;
      down: string[];
      parts: Record<string, { status: string }>;
    }>('GET', '/api/health');
    expect(res.status).toBe(503);
    expect(res.body.db).toBe('down');
    expect(res.body.parts.database?.status).toBe('down');
    expect(res.body.reason).toMatch(/^database: /);
    expect(res.body.down).toEqual(['database']);
  });

  it('names the realtime part as down while its LISTEN connection is not up, and 200 while it is', async () => {
    const up = await createTestApp({
      realtime: true,
      extend: (deps) => ({ ...deps, healthParts: [realtimeHealth(deps.realtime as Realtime)] }),
    });
    const ok = await up.request<{ parts: Record<string, { status: string }> }>('GET', '/api/health');
    expect(ok.status).toBe(200);
    expect(ok.body.parts.realtime?.status).toBe('ok');

    // A hub whose database refuses the LISTEN connection keeps retrying; meanwhile health says so.
    let hub: Realtime | null = null;
    const down = await createTestApp({
      extend: async (deps) => {
        hub = createRealtime(deps, { databaseUrl: `postgres://nobody@127.0.0.1:${await freePort()}/none` });
        return { ...deps, healthParts: [realtimeHealth(hub)] };
      },
    });
    try {
      const res = await down.request<{ status: string; down: string[]; reason: string }>(
        'GET',
        '/api/health',
      );
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('degraded');
      expect(res.body.down).toEqual(['realtime']);
      expect(res.body.reason).toMatch(/^realtime: the LISTEN connection is down/);
    } finally {
      await (hub as Realtime | null)?.close();
    }
  });

  it('gives unknown /api paths a 404 envelope, bad JSON a 400 and huge bodies a 413', async () => {
    const app = await createTestApp();
    const missing = await app.request('GET', '/api/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });

    const bad = await app.request('POST', '/api/health', { rawBody: '{"oops":' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'INVALID_JSON', message: 'The request body is not valid JSON.' });

    const huge = await app.request('POST', '/api/health', {
      rawBody: JSON.stringify({ x: 'a'.repeat(2_000_000) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('admits a 1 MB profile picture as a data string, through to the route that saves it', async () => {
    const app = await createTestApp();
    const user = await buildUser(app.deps.db, app.deps.config);
    // A real PNG of random pixels, just under the 1,000,000 bytes the spec allows (~1.33 MB once base64 in JSON).
    const png = await sharp(randomBytes(570 * 570 * 3), { raw: { width: 570, height: 570, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(950_000);
    expect(png.length).toBeLessThanOrEqual(1_000_000);
    const dataUrl = `data:image/png;base64,${png.toString('base64')}`;
    const res = await app.request<{ user: { profilePic: string | null } }>(
      'PUT',
      '/api/users/profile-picture',
      {
        body: { profilePic: dataUrl },
        token: user.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.user.profilePic).toEqual(expect.any(String));
  });

  it('sets security headers and a request id', async () => {
    const app = await createTestApp();
    const res = await app.request('GET', '/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });
});
