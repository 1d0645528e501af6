import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE, type ServerMessage } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildCreator, buildUser, type BuiltCreator } from '../../test/factories.ts';
import { TestSocket } from '../../test/realtime/testSocket.ts';
import { insertTip } from '../modules/tips/tips.repository.ts';
import { creatorSpace } from '../modules/sync/spaces.ts';

// Overlay hellos are answered from a per-instance key → creator cache (overlayCreators.ts). These guard what the
// cache must never change: a key rotated or a creator suspended anywhere is refused at hello everywhere, and a
// welcome never tells a client an older version than one it already had.

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp({ realtime: true });
  b = await createTestApp({ realtime: true, databaseUrl: a.databaseUrl });
});
afterAll(async () => {
  await b?.close();
});

/** A hello's outcome: the welcome, or the close code and reason of a refusal. */
async function helloOutcome(
  url: string,
  overlayKey: string,
): Promise<{ code: number; reason: string } | 'welcomed'> {
  const socket = await TestSocket.open(url);
  socket.send({ type: 'hello', overlayKey });
  const outcome = await Promise.race([
    socket.closed.then(({ code, reason }) => ({ code, reason })),
    socket.waitFor((m) => m.type === 'welcome').then(() => 'welcomed' as const),
  ]);
  socket.close();
  return outcome;
}

/** The creator's own socket on B keeps B tracking the creator's space, so B has a version of its own to welcome with. */
async function overlayKnownOnB(c: BuiltCreator) {
  const creatorOnB = await TestSocket.hello(b.url, { token: c.token });
  const overlayOnB = await TestSocket.hello(b.url, { overlayKey: c.overlayKey });
  expect(await helloOutcome(b.url, c.overlayKey)).toBe('welcomed');
  return { creatorOnB, overlayOnB };
}

describe('overlay keys remembered by an instance', () => {
  it('an overlay key rotated on another instance is refused at hello on this one, which had welcomed it', async () => {
    const c = await buildCreator(a.deps.db, a.deps.config);
    const { creatorOnB, overlayOnB } = await overlayKnownOnB(c);

    const rotated = await a.request('POST', '/api/creator/overlay-key/rotate', { token: c.token });
    expect(rotated.status).toBe(200);
    // B has heard the rotation once it closed its overlay on the old key.
    expect(await overlayOnB.closed).toMatchObject({
      code: WS_CLOSE.unauthorized,
      reason: 'Overlay key rotated',
    });
    expect(await helloOutcome(b.url, c.overlayKey)).toEqual({
      code: WS_CLOSE.unauthorized,
      reason: 'Invalid overlay key',
    });
    creatorOnB.close();
  });

  it('a creator suspended on another instance has their overlay refused at hello on this one', async () => {
    const c = await buildCreator(a.deps.db, a.deps.config);
    const { creatorOnB, overlayOnB } = await overlayKnownOnB(c);

    await a.deps.db('creators').where({ user_id: c.id }).update({ suspended_at: a.deps.db.fn.now() });
    a.deps.realtime.creatorSuspended(c.id);
    expect((await overlayOnB.closed).code).toBe(WS_CLOSE.creatorSuspended);
    expect(await helloOutcome(b.url, c.overlayKey)).toEqual({
      code: WS_CLOSE.creatorSuspended,
      reason: 'Creator suspended',
    });
    creatorOnB.close();
  });

  it('an overlay that saw a version this instance has not heard of yet is welcomed at that version, and not sent it again', async () => {
    const c = await buildCreator(a.deps.db, a.deps.config);
    const viewer = await buildUser(a.deps.db, a.deps.config, { balancePaise: 10_000 });
    const { creatorOnB, overlayOnB } = await overlayKnownOnB(c);
    // A tip committed and not (yet) announced: B's own version of the space is behind the database's.
    const tip = await a.deps.db.transaction((tx) =>
      insertTip(tx, {
        creatorId: c.id,
        senderId: viewer.id,
        guestName: null,
        source: 'wallet',
        amountPaise: 500,
        message: 'seen on A already',
      }),
    );
    const seen = Number(tip.version);
    const space = creatorSpace(c.id);
    const back = await TestSocket.hello(b.url, { overlayKey: c.overlayKey, since: { [space]: seen } });
    const welcome = back.messages[0] as Extract<ServerMessage, { type: 'welcome' }>;
    expect(welcome.versions[space]).toBe(seen);
    await new Promise((r) => setTimeout(r, 300));
    expect(back.messages.filter((m) => 'data' in m && (m.data as { id?: string }).id === tip.id)).toEqual([]);
    for (const socket of [back, overlayOnB, creatorOnB]) socket.close();
  });
});
