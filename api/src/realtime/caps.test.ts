import { describe, expect, it } from 'vitest';
import { WS_CLOSE } from '@shabaash/shared';
import { createTestApp } from '../../test/harness.ts';
import { buildCreator, buildUser } from '../../test/factories.ts';
import { TestSocket } from '../../test/realtime/testSocket.ts';

describe('caps on open sockets', () => {
  it("refuses an account's socket beyond its cap with 4029, and takes it again once one closes", async () => {
    const app = await createTestApp({ realtime: { maxSocketsPerUser: 2 } });
    const user = await buildUser(app.deps.db, app.deps.config);
    const other = await buildUser(app.deps.db, app.deps.config);
    const first = await TestSocket.hello(app.url, { token: user.token });
    const second = await TestSocket.hello(app.url, { token: user.token });
    const third = await TestSocket.open(app.url);
    third.send({ type: 'hello', token: user.token });
    expect(await third.closed).toMatchObject({
      code: WS_CLOSE.tooManySockets,
      reason: 'Too many connections for this account',
    });
    // Someone else's account is not affected.
    const others = await TestSocket.hello(app.url, { token: other.token });
    first.close();
    await first.closed;
    await expect.poll(() => app.hub!.socketCount()).toBe(2);
    const again = await TestSocket.hello(app.url, { token: user.token });
    expect(again.isOpen).toBe(true);
    for (const s of [second, others, again]) s.close();
  });

  it('refuses a socket from an address beyond its cap with 4029, overlay keys included', async () => {
    const app = await createTestApp({ realtime: { maxSocketsPerIp: 3 } });
    const c = await buildCreator(app.deps.db, app.deps.config);
    const open = await Promise.all(
      [1, 2, 3].map(() => TestSocket.hello(app.url, { overlayKey: c.overlayKey })),
    );
    const fourth = await TestSocket.open(app.url);
    expect(await fourth.closed).toMatchObject({
      code: WS_CLOSE.tooManySockets,
      reason: 'Too many connections from this address',
    });
    expect(app.hub!.socketCount()).toBe(3);
    for (const s of open) s.close();
  });

  it('defaults to 20 sockets per account and 200 per address (the settings WS_MAX_SOCKETS_PER_USER / _PER_IP)', async () => {
    const app = await createTestApp();
    expect(app.deps.config.WS_MAX_SOCKETS_PER_USER).toBe(20);
    expect(app.deps.config.WS_MAX_SOCKETS_PER_IP).toBe(200);
  });
});
