import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { createTestDb } from '../../../test/db.ts';
import { testConfig } from '../../../test/harness.ts';
import { buildUser } from '../../../test/factories.ts';
import type { Db } from '../../db/knex.ts';
import { jwtKey, resolveSession, revokeSession } from './sessions.service.ts';

let db: Db;
let drop: () => Promise<void>;
const config = testConfig();

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());
afterEach(() => vi.useRealTimers());

describe('sessions: bearer tokens over session rows', () => {
  it('a token that resolved before stops resolving once its session is revoked', async () => {
    const user = await buildUser(db, config);
    const first = await resolveSession(db, config, user.token);
    expect(first).toMatchObject({ userId: user.id, role: 'viewer' });
    await revokeSession(db, first!.sessionId);
    expect(await resolveSession(db, config, user.token)).toBeNull();
  });

  it('a token past its own expiry is refused even though its signature was checked before', async () => {
    const user = await buildUser(db, config);
    const session = await resolveSession(db, config, user.token);
    const now = Date.now();
    const shortLived = await new SignJWT({ sid: session!.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('shabaash')
      .setExpirationTime(Math.floor(now / 1000) + 60)
      .sign(await jwtKey(config));
    expect(await resolveSession(db, config, shortLived)).not.toBeNull();
    vi.useFakeTimers({ toFake: ['Date'], now: now + 61_000 });
    expect(await resolveSession(db, config, shortLived)).toBeNull();
  });

  it('a token is only good under the secret that signed it', async () => {
    const user = await buildUser(db, config);
    expect(await resolveSession(db, config, user.token)).not.toBeNull();
    const other = testConfig({ JWT_SECRET: 'another-secret-another-secret-another-0123' });
    expect(await resolveSession(db, other, user.token)).toBeNull();
    expect(await resolveSession(db, config, `${user.token.slice(0, -2)}xx`)).toBeNull();
  });
});
