import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator } from '../../../test/factories.ts';
import { startReceiver } from '../../../test/webhookReceiver.ts';
import { checkTarget, type Lookup } from './ssrf.ts';
import { sendSigned } from './send.ts';

let app: TestApp;
let hook: Awaited<ReturnType<typeof startReceiver>>;
let redirecting: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  app = await createTestApp();
  hook = await startReceiver();
  redirecting = await startReceiver(() => 302);
});
afterAll(async () => {
  await hook.close();
  await redirecting.close();
});

const resolvesTo =
  (...addresses: string[]): Lookup =>
  () =>
    Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
const outside = { allowLoopback: false };
const sandbox = { allowLoopback: true };

describe('webhook SSRF guard', () => {
  it.each([
    'https://10.0.0.7/hook',
    'https://172.20.1.1/hook',
    'https://192.168.1.10/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
    'https://[fe80::1]/hook',
    'https://[fd00::1]/hook',
    'https://[::ffff:10.0.0.1]/hook',
    'https://[::ffff:169.254.169.254]/hook',
    'http://example.com/hook',
    'https://user:secret@example.com/hook',
    'ftp://example.com/hook',
  ])('the API refuses to register %s, even in sandbox', async (url) => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const res = await app.request<{ code: string; message: string }>('POST', '/api/creator/webhooks', {
      token: creator.token,
      body: { url, events: ['tip.live'] },
    });
    expect(res.status).toBe(400);
    expect(await app.deps.db('outgoing_webhook_endpoints').where({ creator_id: creator.id })).toEqual([]);
  });

  // Each IPv6 form that carries an IPv4 address, with the cloud metadata address 169.254.169.254 inside and with
  // a public one (93.184.215.14): a packet to the first ends at the metadata service through a translator.
  it.each([
    ['IPv4-mapped', '::ffff:a9fe:a9fe', '::ffff:5db8:d70e'],
    ['NAT64 well-known prefix', '64:ff9b::a9fe:a9fe', '64:ff9b::5db8:d70e'],
    ['NAT64 local-use prefix', '64:ff9b:1::a9fe:a9fe', '64:ff9b:1::5db8:d70e'],
    ['6to4', '2002:a9fe:a9fe::1', '2002:5db8:d70e::1'],
    ['IPv4-compatible', '::a9fe:a9fe', '::5db8:d70e'],
    ['SIIT', '::ffff:0:a9fe:a9fe', '::ffff:0:5db8:d70e'],
    ['Teredo (client address inverted)', '2001:0:5db8:d70e::5601:5601', '2001:0:5db8:d70e::a247:28f1'],
  ])('%s: refused when the IPv4 inside is not public, allowed when it is', async (_, inside, outsideOk) => {
    await expect(checkTarget(`https://[${inside}]/hook`, outside)).rejects.toThrow(/169\.254\.169\.254/);
    await expect(checkTarget('https://hooks.example/x', sandbox, resolvesTo(inside))).rejects.toThrow(
      /resolves to .* carries the IPv4 address 169\.254\.169\.254/,
    );
    await expect(checkTarget(`https://[${outsideOk}]/hook`, outside)).resolves.toBeTruthy();
    await expect(
      checkTarget('https://hooks.example/x', outside, resolvesTo(outsideOk)),
    ).resolves.toBeTruthy();
  });

  it('reads a local-use NAT64 address in every layout its prefix allows, and refuses if any is not public', async () => {
    // 10.0.0.1 in the /48 layout: 0a00 in bits 48-63, the zero "u" octet, then 00 01 (its /96 reading is 0.0.0.0).
    await expect(checkTarget('https://[64:ff9b:1:a00:0:100::]/hook', outside)).rejects.toThrow(/10\.0\.0\.1/);
    await expect(checkTarget('https://[2001:db8::1]/hook', outside)).rejects.toThrow(/reserved/);
    await expect(checkTarget('https://[2606:4700::1111]/hook', outside)).resolves.toBeTruthy();
  });

  it('allows loopback only in sandbox (plain http included), and public https anywhere', async () => {
    await expect(checkTarget('http://127.0.0.1:9/x', sandbox)).resolves.toBeTruthy();
    await expect(checkTarget('https://[::1]/x', sandbox)).resolves.toBeTruthy();
    await expect(checkTarget('http://127.0.0.1:9/x', outside)).rejects.toThrow(/loopback/);
    await expect(checkTarget('https://[::1]/x', outside)).rejects.toThrow(/loopback/);
    await expect(checkTarget('https://[::ffff:127.0.0.1]/x', outside)).rejects.toThrow(/loopback/);
    await expect(checkTarget('https://93.184.215.14/x', outside)).resolves.toBeTruthy();
    await expect(checkTarget('http://93.184.215.14/x', outside)).rejects.toThrow(/https/);
    await expect(checkTarget('http://93.184.215.14/x', sandbox)).rejects.toThrow(/https/);
  });

  it('checks what a host name resolves to: any private answer refuses it', async () => {
    await expect(
      checkTarget('https://hooks.example/x', outside, resolvesTo('93.184.215.14')),
    ).resolves.toBeTruthy();
    await expect(checkTarget('https://hooks.example/x', outside, resolvesTo('127.0.0.1'))).rejects.toThrow(
      /resolves to 127\.0\.0\.1/,
    );
    await expect(
      checkTarget('https://hooks.example/x', outside, resolvesTo('93.184.215.14', '10.1.2.3')),
    ).rejects.toThrow(/10\.1\.2\.3/);
    await expect(checkTarget('https://hooks.example/x', sandbox, resolvesTo('fd12::9'))).rejects.toThrow(
      /private/,
    );
  });

  it('checks again at delivery time (DNS rebinding) and connects to nothing when refused', async () => {
    // Registered while the name pointed somewhere public; it now answers with the metadata address.
    const result = await sendSigned(
      { url: 'https://hooks.example/x', secret: 's' },
      { id: 'evt_1', body: '{}' },
      { policy: outside, timeoutMs: 1000, lookup: resolvesTo('169.254.169.254') },
    );
    expect(result).toMatchObject({ ok: false, status: null });
    expect(!result.ok && result.error).toMatch(/169\.254\.169\.254/);
  });

  it('connects to the very address it checked, whatever a second DNS answer would say', async () => {
    const port = new URL(hook.url).port;
    const before = hook.requests.length;
    const result = await sendSigned(
      { url: `http://rebind.example:${port}/hooks/shabaash`, secret: 's' },
      { id: 'evt_2', body: '{"id":"evt_2"}' },
      { policy: sandbox, timeoutMs: 2000, lookup: resolvesTo('127.0.0.1') },
    );
    expect(result).toEqual({ ok: true, status: 200 });
    expect(hook.requests.length).toBe(before + 1);
  });

  it('does not follow redirects', async () => {
    const result = await sendSigned(
      { url: redirecting.url, secret: 's' },
      { id: 'evt_3', body: '{"id":"evt_3"}' },
      { policy: sandbox, timeoutMs: 2000 },
    );
    expect(result).toEqual({ ok: false, status: 302, error: 'redirects are not followed' });
    expect(redirecting.requests).toHaveLength(1);
  });
});
