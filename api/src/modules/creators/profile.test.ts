import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints, endpointPath, MESSAGES, type User } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator, buildUser } from '../../../test/factories.ts';
import { resolveCreator } from './creators.repository.ts';

let app: TestApp;

/** Every creator-only call of the contract, with a body that would be valid for a creator. */
const CREATOR_CALLS = Object.entries(endpoints)
  .filter(([, e]) => e.auth === 'creator')
  .map(([name, e]) => ({
    name,
    method: e.method,
    path: `/api${endpointPath(e.path, { id: '00000000-0000-0000-0000-000000000000' })}`,
    body:
      name === 'saveSettings'
        ? { overlayTheme: 'classic', font: 'Poppins', color: '#ff5c5c', sound: 'default' }
        : name === 'setChatStatus'
          ? { status: 'read' }
          : undefined,
  }));

describe('becoming a creator, and role checks on creator routes', () => {
  beforeAll(async () => {
    app = await createTestApp();
  });

  it('POST /api/creator/profile makes a viewer a creator with a fresh overlay key; the same token works as creator', async () => {
    const viewer = await buildUser(app.deps.db, app.deps.config, { name: 'Kiran' });
    const handle = `kiran-${viewer.id.slice(0, 6)}`;
    const res = await app.request<{ user: User }>('POST', '/api/creator/profile', {
      token: viewer.token,
      body: { handle: handle.toUpperCase(), displayName: ' Kiran Live ' },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      id: viewer.id,
      role: 'creator',
      creator: { handle, displayName: 'Kiran Live' },
    });

    const row = await app.deps.db('creators').where({ user_id: viewer.id }).first();
    expect(row.overlay_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = await buildCreator(app.deps.db, app.deps.config);
    expect(row.overlay_key).not.toBe(other.overlayKey);

    const me = await app.request<{ user: User }>('GET', '/api/users/me', { token: viewer.token });
    expect(me.body.user.role).toBe('creator');
    expect((await resolveCreator(app.deps.db, app.deps.config, handle)).userId).toBe(viewer.id);
  });

  it('refuses a taken handle, a second profile, a bad handle and anonymous callers', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const viewer = await buildUser(app.deps.db, app.deps.config);
    const taken = await app.request('POST', '/api/creator/profile', {
      token: viewer.token,
      body: { handle: creator.handle, displayName: 'Copycat' },
    });
    expect(taken).toMatchObject({ status: 409, body: { message: MESSAGES.handleTaken } });
    expect(
      (await app.request<{ user: User }>('GET', '/api/users/me', { token: viewer.token })).body.user.role,
    ).toBe('viewer');

    const again = await app.request('POST', '/api/creator/profile', {
      token: creator.token,
      body: { handle: `new-${creator.id.slice(0, 6)}`, displayName: 'Twice' },
    });
    expect(again).toMatchObject({ status: 409, body: { message: MESSAGES.alreadyCreator } });

    const bad = await app.request('POST', '/api/creator/profile', {
      token: viewer.token,
      body: { handle: 'a b', displayName: 'X' },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: 'Handles are 3–30 characters: letters, numbers, - and _.' },
    });

    expect(
      (await app.request('POST', '/api/creator/profile', { body: { handle: 'abc', displayName: 'X' } }))
        .status,
    ).toBe(401);
  });

  it('resolveCreator: by handle, the oldest creator by default, and 404 for an unknown handle', async () => {
    await expect(resolveCreator(app.deps.db, app.deps.config, 'no-such-creator')).rejects.toMatchObject({
      status: 404,
      message: MESSAGES.creatorNotFound,
    });
    const creator = await buildCreator(app.deps.db, app.deps.config);
    expect((await resolveCreator(app.deps.db, { DEFAULT_CREATOR: creator.handle })).handle).toBe(
      creator.handle,
    );
    const fallback = await resolveCreator(app.deps.db, { DEFAULT_CREATOR: 'missing-one' });
    const oldest = await app.deps.db('creators').orderBy('created_at').first('handle');
    expect(fallback.handle).toBe(oldest.handle);
  });

  it('the contract marks every creator call as creator-only', () => {
    // Every creator-only call in the map is then checked below; this guards the spec's own list.
    expect(CREATOR_CALLS.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'analytics',
        'chats',
        'creatorOverlay',
        'creatorRecentTips',
        'deleteChat',
        'saveSettings',
        'setChatStatus',
      ]),
    );
  });

  describe.each(CREATOR_CALLS)('$method $path ($name)', ({ method, path, body }) => {
    it('answers 403 to a viewer and 401 to nobody', async () => {
      const viewer = await buildUser(app.deps.db, app.deps.config);
      const asViewer = await app.request(method, path, { token: viewer.token, body });
      expect(asViewer).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: MESSAGES.forbiddenCreator },
      });
      expect((await app.request(method, path, { body })).status).toBe(401);
    });
  });
});
