// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { networkError, overrideHandlers, resetMockState, VIEWER } from '@shabaash/mocks';
import { createMockServer } from '@shabaash/mocks/node';
import { storeSession } from '../test/renderApp.tsx';
import { clearMirror, db } from './db.ts';
import { enqueueDeleteChat, enqueueSetStatus, outboxSize, replayOutbox } from './outbox.ts';

const { server, state } = createMockServer();
const later = () => Date.now() + 10 * 60_000; // past any backoff
const TIP = '00000000-0000-4000-8000-0000000000aa';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  await clearMirror();
  storeSession(VIEWER.user, VIEWER.token);
});
afterEach(() => {
  server.resetHandlers();
  resetMockState(state);
  localStorage.clear();
});
afterAll(() => server.close());

const moderatedTip = {
  id: TIP,
  creatorId: 'creator-1',
  message: 'hi',
  name: 'Asha',
  profilePic: null,
  status: 'read' as const,
  createdAt: new Date(0).toISOString(),
  updatedAt: new Date(0).toISOString(),
  version: 2,
  statusBy: VIEWER.user.name,
};

describe("a moderator's actions in the outbox", () => {
  it('queue offline, then replay once to the moderator endpoint with their Idempotency-Key, leaving the mirror alone', async () => {
    const calls: Array<{ method: string; path: string; key: string | undefined }> = [];
    server.use(networkError('moderateChatStatus'), networkError('moderateDeleteChat'));
    const push = await enqueueSetStatus(TIP, 'read', 'ravi-streams');
    const remove = await enqueueDeleteChat('00000000-0000-4000-8000-0000000000bb', 'ravi-streams');
    await replayOutbox();
    expect(await outboxSize()).toBe(2);

    server.resetHandlers();
    server.use(
      ...overrideHandlers(state, {
        moderateChatStatus: ({ params, idempotencyKey }) => {
          const path = `/api/moderation/${params.handle}/chats/${params.id}/status`;
          calls.push({ method: 'PATCH', path, key: idempotencyKey });
          return { tip: moderatedTip };
        },
        moderateDeleteChat: ({ params, idempotencyKey }) => {
          const path = `/api/moderation/${params.handle}/chats/${params.id}`;
          calls.push({ method: 'DELETE', path, key: idempotencyKey });
          return { id: params.id! };
        },
      }),
    );
    await replayOutbox({ now: later });
    await replayOutbox({ now: later });
    expect(await outboxSize()).toBe(0);
    expect(calls).toEqual([
      { method: 'PATCH', path: `/api/moderation/ravi-streams/chats/${TIP}/status`, key: push.idempotencyKey },
      {
        method: 'DELETE',
        path: '/api/moderation/ravi-streams/chats/00000000-0000-4000-8000-0000000000bb',
        key: remove.idempotencyKey,
      },
    ]);
    // The moderated creator's chats never enter this device's own mirror.
    expect(await db.chats.count()).toBe(0);
  });
});
