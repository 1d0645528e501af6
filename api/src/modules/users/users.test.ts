import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type User } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildUser } from '../../../test/factories.ts';

let app: TestApp;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

/** An image of exactly `size` bytes starting with `magic`. */
function image(magic: Buffer, size = 64): Buffer {
  return Buffer.concat([magic, Buffer.alloc(Math.max(0, size - magic.length), 7)]);
}
/** A real, decodable 40×30 image. */
const realImage = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff5c5c' } })
    .toFormat(format)
    .toBuffer();
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

async function upload(token: string, profilePic: unknown) {
  return app.request<{ user: User; message?: string; code?: string }>('PUT', '/api/users/profile-picture', {
    token,
    body: { profilePic },
  });
}

describe('users: me and profile picture', () => {
  beforeAll(async () => {
    app = await createTestApp();
  });

  it('GET /api/users/me restores the user and needs a session', async () => {
    const user = await buildUser(app.deps.db, app.deps.config, { name: 'Ravi' });
    const me = await app.request<{ user: User }>('GET', '/api/users/me', { token: user.token });
    expect(me.status).toBe(200);
    expect(me.body.user).toEqual({
      id: user.id,
      name: 'Ravi',
      phone: user.phone,
      role: 'viewer',
      profilePic: null,
      creator: null,
    });
    expect((await app.request('GET', '/api/users/me')).status).toBe(401);
    expect((await app.request('GET', '/api/users/me', { token: 'not-a-jwt' })).status).toBe(401);
  });

  it('stores PNG, JPEG and WebP pictures and returns the user with their URL', async () => {
    const user = await buildUser(app.deps.db, app.deps.config);
    const urls: string[] = [];
    for (const [mime, format] of [
      ['image/png', 'png'],
      ['image/jpeg', 'jpeg'],
      ['image/webp', 'webp'],
    ] as const) {
      const res = await upload(user.token, dataUrl(mime, await realImage(format)));
      expect(res.status).toBe(200);
      expect(res.body.user.profilePic).toMatch(/^\/api\/users\/[0-9a-f-]+\/picture\?v=[0-9a-f]{12}$/);
      urls.push(res.body.user.profilePic ?? '');
    }
    const me = await app.request<{ user: User }>('GET', '/api/users/me', { token: user.token });
    expect(me.body.user.profilePic).toBe(urls[2]);
  });

  it('rejects a file whose prefix says PNG but whose bytes are a GIF or text, and a declared GIF', async () => {
    const user = await buildUser(app.deps.db, app.deps.config);
    const liars = [
      dataUrl('image/png', GIF),
      dataUrl('image/png', Buffer.from('hello, I am definitely a picture')),
      dataUrl('image/jpeg', image(PNG)),
      dataUrl('image/gif', GIF),
      dataUrl('text/plain', image(PNG)),
      'data:image/png;base64,%%%not-base64%%%',
      'data:image/png,89504e47',
    ];
    for (const pic of liars) {
      const res = await upload(user.token, pic);
      expect(res.status, pic.slice(0, 40)).toBe(400);
      expect(res.body.message).toBe(MESSAGES.profilePicType);
    }
    const notData = await upload(user.token, 'https://example.com/me.png');
    expect(notData).toMatchObject({ status: 400, body: { message: MESSAGES.profilePicType } });
    const stored = await app.request<{ user: User }>('GET', '/api/users/me', { token: user.token });
    expect(stored.body.user.profilePic).toBeNull();
  });

  it('accepts exactly 1,000,000 bytes and refuses 1,000,001 with the size message (never 413)', async () => {
    const user = await buildUser(app.deps.db, app.deps.config);
    const png = await realImage('png');
    const padded = Buffer.concat([png, Buffer.alloc(1_000_000 - png.length)]); // bytes after IEND are ignored
    const max = await upload(user.token, dataUrl('image/png', padded));
    expect(max.status).toBe(200);
    const over = await upload(user.token, dataUrl('image/jpeg', image(JPEG, 1_000_001)));
    expect(over).toMatchObject({ status: 400, body: { message: MESSAGES.profilePicSize } });
  });

  it('needs a session', async () => {
    const res = await app.request('PUT', '/api/users/profile-picture', {
      body: { profilePic: dataUrl('image/png', image(PNG)) },
    });
    expect(res.status).toBe(401);
  });
});
