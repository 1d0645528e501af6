import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';

const app = await createTestApp({ env: { TRUST_PROXY: 'true', LEADS_LIMIT_PER_IP_PER_MINUTE: '3' } });

const lead = (forwardedFor: string) =>
  app.request('POST', '/api/leads', {
    body: { phone: '9876543210' },
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY trusts only the configured proxy hops (finding 6)', () => {
  it('a client that forges X-Forwarded-For entries is still limited by the address its proxy saw', async () => {
    const statuses: number[] = [];
    // The proxy appends the address it saw (198.51.100.9); everything before it is the client's own text.
    for (let i = 0; i < 5; i++) statuses.push((await lead(`203.0.113.${i + 1}, 198.51.100.9`)).status);
    expect(statuses.slice(0, 3).every((s) => s < 300)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it('takes the address TRUST_PROXY_HOPS from the right', async () => {
    const twoHops = await createTestApp({
      env: { TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2', LEADS_LIMIT_PER_IP_PER_MINUTE: '2' },
      databaseUrl: app.databaseUrl,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await twoHops.request('POST', '/api/leads', {
        body: { phone: '9876543210' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}, 192.0.2.44, 10.0.0.2` },
      });
      statuses.push(res.status);
    }
    expect(statuses[2]).toBe(429);
  });
});
