import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';

const app = await createTestApp({ env: { PUBLIC_URL: 'https://live.shabaash.in' } });

describe('CSP lets websockets reach our own origin only', () => {
  it('no bare ws:/wss: schemes; the public origin as wss', async () => {
    const res = await app.request('GET', '/api/health');
    const connect = (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src'));
    expect(connect).toBeDefined();
    const sources = connect!.split(/\s+/).slice(1);
    expect(sources).not.toContain('ws:');
    expect(sources).not.toContain('wss:');
    expect(sources).toContain("'self'");
    expect(sources).toContain('wss://live.shabaash.in');
  });
});
