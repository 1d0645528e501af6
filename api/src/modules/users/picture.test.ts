import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Tip, User } from '@shabaash/shared';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator, buildUser } from '../../../test/factories.ts';

const app = await createTestApp();
const { db, config } = app.deps;

/** A noisy (incompressible) PNG of about 900 KB. */
async function bigPng(): Promise<string> {
  const side = 550;
  const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(png.length).toBeGreaterThan(800_000);
  expect(png.length).toBeLessThan(1_000_000);
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe('a profile picture is stored once and served as a small thumbnail (finding 3)', () => {
  it('tips carry its URL, not its bytes; the URL serves a cached 128×128 WebP', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    const upload = await app.request<{ user: User }>('PUT', '/api/users/profile-picture', {
      token: viewer.token,
      body: { profilePic: await bigPng() },
    });
    expect(upload.status).toBe(200);
    const url = upload.body.user.profilePic ?? '';
    expect(url).toMatch(new RegExp(`^/api/users/${viewer.id}/picture\\?v=[0-9a-f]{12}$`));

    for (let i = 0; i < 12; i++) {
      const res = await app.request('POST', '/api/tips/send', {
        token: viewer.token,
        body: { amount: 1, message: `tip ${i}`, creator: creator.handle },
      });
      expect(res.status).toBe(200);
    }
    const chats = await app.request<{ tips: Tip[] }>('GET', '/api/creator/chats', { token: creator.token });
    expect(chats.body.tips[0]?.sender?.profilePic).toBe(url);
    expect(JSON.stringify(chats.body).length).toBeLessThan(20_000);

    const picture = await fetch(`${app.url}${url}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    expect(picture.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await picture.arrayBuffer());
    expect(bytes.length).toBeLessThan(30_000);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 128, height: 128 });
    expect((await fetch(`${app.url}/api/users/${creator.id}/picture?v=000000000000`)).status).toBe(404);
  });

  it('compresses large JSON responses for clients that accept it', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    for (let i = 0; i < 20; i++) {
      await app.request('POST', '/api/tips/send', {
        token: viewer.token,
        body: {
          amount: 1,
          message: `a message long enough to be worth compressing, number ${i}`,
          creator: creator.handle,
        },
      });
    }
    const res = await fetch(`${app.url}/api/creator/chats`, {
      headers: { authorization: `Bearer ${creator.token}`, 'accept-encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(((await res.json()) as { tips: Tip[] }).tips).toHaveLength(20);
    const small = await fetch(`${app.url}/api/health`, { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});
