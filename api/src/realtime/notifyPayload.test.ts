import { describe, expect, it } from 'vitest';
import { parseNotifyPayload } from './notifyPayload.ts';

const creatorId = '00000000-0000-4000-8000-000000000002';

describe('the NOTIFY payload between instances', () => {
  it('parses readable keys and fills the lists a sender left out', () => {
    const payload = parseNotifyPayload(
      JSON.stringify({ instance: 'a', revoked: [{ userId: 'u', sessionId: null }], ask: true }),
    );
    expect(payload).toEqual({
      instance: 'a',
      changes: [],
      overlays: [],
      revoked: [{ userId: 'u', sessionId: null }],
      ask: true,
    });
  });

  it('refuses text that is not JSON, or JSON of another shape (the old one-letter keys included)', () => {
    expect(parseNotifyPayload('not json')).toBeNull();
    expect(parseNotifyPayload(undefined)).toBeNull();
    expect(parseNotifyPayload(JSON.stringify({ i: 'a', changes: [], overlays: [] }))).toBeNull();
    expect(parseNotifyPayload(JSON.stringify({ instance: 'a', changes: [{ space: 1 }] }))).toBeNull();
  });

  it('drops a malformed presence entry and keeps the others', () => {
    const payload = parseNotifyPayload(
      JSON.stringify({
        instance: 'a',
        presence: [
          { creatorId, count: 2 },
          { creatorId: 'not-a-uuid', count: 1 },
          { creatorId, count: 1.5 },
          { creatorId, count: 3, showing: 2, heard: 1 },
        ],
      }),
    );
    // An instance that does not count showing and heard yet: its overlays count as both.
    expect(payload?.presence).toEqual([
      { creatorId, count: 2, showing: 2, heard: 2 },
      { creatorId, count: 3, showing: 2, heard: 1 },
    ]);
  });
});
