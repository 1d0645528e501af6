import { describe, expect, it } from 'vitest';
import { WS_CLOSE } from '@shabaash/shared';
import { createTestApp } from '../../test/harness.ts';
import { buildCreator, buildUser } from '../../test/factories.ts';
import { TestSocket } from '../../test/realtime/testSocket.ts';
import { addressKey } from './connections.ts';

/** The production per-address defaults (the harness lifts them for the other suites). */
const productionAddressCaps = { maxSocketsPerIp: undefined, maxUnauthenticatedSocketsPerIp: undefined };

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

  it('many viewers behind one carrier-grade NAT address are each held to their own account cap, past the old 200 ceiling', async () => {
    const app = await createTestApp({ realtime: { maxSocketsPerUser: 10, ...productionAddressCaps } });
    const users = await Promise.all(
      Array.from({ length: 21 }, () => buildUser(app.deps.db, app.deps.config)),
    );
    const open: TestSocket[] = [];
    for (const user of users)
      open.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, () => TestSocket.hello(app.url, { token: user.token })),
        )),
      );
    expect(app.hub!.socketCount()).toBe(210);
    const eleventh = await TestSocket.open(app.url);
    eleventh.send({ type: 'hello', token: users[0]!.token });
    expect(await eleventh.closed).toMatchObject({
      code: WS_CLOSE.tooManySockets,
      reason: 'Too many connections for this account',
    });
    for (const s of open) s.close();
  });

  it('caps sockets of one address not welcomed yet with 4029; once welcomed they count only toward the ceiling', async () => {
    const app = await createTestApp({ realtime: { maxUnauthenticatedSocketsPerIp: 3 } });
    const users = await Promise.all([1, 2, 3].map(() => buildUser(app.deps.db, app.deps.config)));
    const silent = await Promise.all(users.map(() => TestSocket.open(app.url)));
    const fourth = await TestSocket.open(app.url);
    expect(await fourth.closed).toMatchObject({
      code: WS_CLOSE.tooManySockets,
      reason: 'Too many unauthenticated connections from this address',
    });
    silent.forEach((s, i) => s.send({ type: 'hello', token: users[i]!.token }));
    await Promise.all(silent.map((s) => s.waitFor((m) => m.type === 'welcome')));
    const next = await TestSocket.hello(app.url, { token: users[0]!.token });
    expect(next.isOpen).toBe(true);
    for (const s of [...silent, next]) s.close();
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(addressKey('2405:201:abcd:12::1')).toBe('2405:201:abcd:12::/64');
    expect(addressKey('2405:201:abcd:12:aaaa:bbbb:cccc:dddd')).toBe('2405:201:abcd:12::/64');
    expect(addressKey('2405:201::1')).toBe('2405:201:0:0::/64');
    expect(addressKey('::ffff:49.36.10.1')).toBe('49.36.10.1');
    expect(addressKey('49.36.10.1')).toBe('49.36.10.1');
  });

  it('defaults to 20 sockets per account, 5 per API token, and generous ceilings per address (WS_MAX_SOCKETS_PER_*)', async () => {
    const app = await createTestApp();
    expect(app.deps.config.WS_MAX_SOCKETS_PER_USER).toBe(20);
    expect(app.deps.config.WS_MAX_SOCKETS_PER_API_TOKEN).toBe(5);
    expect(app.deps.config.WS_MAX_SOCKETS_PER_IP).toBe(2000);
    expect(app.deps.config.WS_MAX_UNAUTHENTICATED_SOCKETS_PER_IP).toBe(100);
  });
});
