import { describe, expect, it } from 'vitest';
import type { Tip } from '@shabaash/shared';
import { maskPhone } from '@shabaash/shared';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator, buildUser } from '../../../test/factories.ts';

const app = await createTestApp();
const { db, config } = app.deps;

describe("tippers' phone numbers under the DPDP Act", () => {
  it('creators see only the last 4 digits; the viewer sees their own number in full', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    const masked = `••••••${viewer.phone.slice(-4)}`;
    const sent = await app.request<{ tip: Tip }>('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 25, message: 'hello', creator: creator.handle },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.tip.sender?.phone).toBe(viewer.phone);

    const chats = await app.request<{ tips: Tip[] }>('GET', '/api/creator/chats', { token: creator.token });
    expect(chats.body.tips[0]?.sender?.phone).toBe(masked);
    const recent = await app.request<Tip[] | { tips: Tip[] }>('GET', '/api/creator/recent-tips', {
      token: creator.token,
    });
    expect(JSON.stringify(recent.body)).toContain(masked);
    expect(JSON.stringify(recent.body)).not.toContain(viewer.phone);
    expect(JSON.stringify(chats.body)).not.toContain(viewer.phone);
    const csv = await app.request<string>('GET', '/api/creator/export.csv', { token: creator.token });
    expect(JSON.stringify(csv.body)).not.toContain(viewer.phone);

    const own = await app.request<{ tips: Tip[] } | Tip[]>(
      'GET',
      `/api/tips/recent?creator=${creator.handle}`,
      { token: viewer.token },
    );
    expect(JSON.stringify(own.body)).toContain(viewer.phone);
  });

  it('masks to the last 4 digits', () => {
    expect(maskPhone('9876500002')).toBe('••••••0002');
  });
});
