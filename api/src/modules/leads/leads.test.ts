import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { randomPhone } from '../../../test/factories.ts';

let app: TestApp;

describe('POST /api/leads', () => {
  beforeAll(async () => {
    app = await createTestApp();
  });

  it('stores a valid lead (phone stripped to 10 digits, empty name/email as null) and answers 201', async () => {
    const phone = randomPhone();
    const res = await app.request('POST', '/api/leads', {
      body: {
        phone: `${phone.slice(0, 5)} ${phone.slice(5)}`,
        name: ' Meera ',
        email: 'meera@example.com',
        tags: ['landing', 'newsletter'],
      },
    });
    expect(res).toMatchObject({ status: 201, body: { message: MESSAGES.leadCaptured } });
    const row = await app.deps.db('leads').where({ phone }).first();
    expect(row).toMatchObject({
      name: 'Meera',
      email: 'meera@example.com',
      phone,
      tags: ['landing', 'newsletter'],
    });

    const bare = randomPhone();
    expect(
      (await app.request('POST', '/api/leads', { body: { phone: bare, tags: ['landing', 'newsletter'] } }))
        .status,
    ).toBe(201);
    expect(await app.deps.db('leads').where({ phone: bare }).first()).toMatchObject({
      name: null,
      email: null,
    });
  });

  it('rejects 12345 and 11 digits with the spec message, and a bad email', async () => {
    for (const phone of ['12345', '987654321012']) {
      const res = await app.request('POST', '/api/leads', {
        body: { phone, tags: ['landing', 'newsletter'] },
      });
      expect(res).toMatchObject({ status: 400, body: { message: MESSAGES.invalidLeadPhone } });
    }
    const missing = await app.request('POST', '/api/leads', { body: { tags: ['landing'] } });
    expect(missing.status).toBe(400);
    const email = await app.request('POST', '/api/leads', {
      body: { phone: randomPhone(), email: 'nope', tags: [] },
    });
    expect(email).toMatchObject({ status: 400, body: { message: 'Enter a valid email address.' } });
    expect(await app.deps.db('leads').where({ phone: '12345' }).first()).toBeUndefined();
  });
});
