import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';

const app = await createTestApp();

describe('state-changing routes take JSON only', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a body sent as %s with 415, so a cross-site form cannot post JSON',
    async (type) => {
      const res = await app.request<{ code: string }>('POST', '/api/leads', {
        rawBody: JSON.stringify({ phone: '9876543210' }),
        headers: { 'content-type': type },
      });
      expect(res.status).toBe(415);
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it('accepts application/json (with a charset) and bodiless calls', async () => {
    const res = await app.request('POST', '/api/leads', {
      rawBody: JSON.stringify({ phone: '9876543210' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBeLessThan(300);
    const empty = await app.request('POST', '/api/auth/logout', {
      headers: { 'content-type': 'text/plain' },
    });
    expect(empty.status).toBe(401);
  });
});
