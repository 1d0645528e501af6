import { beforeAll, describe, expect, it } from 'vitest';
import { SAFETY_MESSAGES, type TipRules } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator } from '../../../test/factories.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

describe('GET /api/safety/tip-rules (the guest page’s minimum)', () => {
  it("answers the creator's minimum with the very words a guest order under it is refused with", async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const put = await app.request('PUT', '/api/creator/safety', {
      token: creator.token,
      body: { minTipAmount: 50 },
    });
    expect(put.status).toBe(200);
    const rules = await app.request<TipRules>('GET', `/api/safety/tip-rules?creator=${creator.handle}`);
    expect(rules.status).toBe(200);
    expect(rules.headers.get('cache-control')).toBe('no-store');
    expect(rules.body).toEqual({
      minAmount: 50,
      minAmountPaise: 5000,
      minimumMessage: SAFETY_MESSAGES.minimumTip('₹50.00'),
    });
    const order = await app.request<{ message: string }>('POST', '/api/tips/guest/order', {
      body: { ageConfirmed: true, amount: 0.5, message: '', name: 'Guest', creator: creator.handle },
    });
    expect(order.status).toBe(400);
    expect(order.body.message).toBe(rules.body.minimumMessage);
  });

  it('answers 404 for an unknown creator and 400 for a malformed handle', async () => {
    expect((await app.request('GET', '/api/safety/tip-rules?creator=nobody-here-12')).status).toBe(404);
    expect((await app.request('GET', '/api/safety/tip-rules?creator=%20%3Cscript%3E')).status).toBe(400);
  });
});
