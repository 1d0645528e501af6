import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Tip } from '@shabaash/shared';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator, buildUser } from '../../../test/factories.ts';

const app = await createTestApp();
const { db, config } = app.deps;

describe('what a wallet tip waits for', () => {
  it('not for another transaction that wrote a row referencing its creator (the webhook worker writing events)', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    // The worker's insert checks the foreign key: PostgreSQL holds `for key share` on the creator row until commit.
    const worker = await db.transaction();
    try {
      await worker('outgoing_webhook_events').insert({
        id: `evt_${randomUUID()}`,
        creator_id: creator.id,
        event: 'tip.created',
        data: JSON.stringify({}),
      });
      const sent = app.request<{ tip: Tip }>('POST', '/api/tips/send', {
        token: viewer.token,
        body: { amount: 25, message: 'not held up', creator: creator.handle },
      });
      const first = await Promise.race([
        sent,
        new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), 3_000)),
      ]);
      expect(first).not.toBe('still waiting');
      expect(first !== 'still waiting' && first.status).toBe(200);
    } finally {
      await worker.rollback();
    }
  });
});
