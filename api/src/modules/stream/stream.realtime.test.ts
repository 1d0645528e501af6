import { describe, expect, it } from 'vitest';
import type { ServerMessage, StreamState } from '@shabaash/shared';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator } from '../../../test/factories.ts';
import { TestSocket } from '../../../test/realtime/testSocket.ts';

type StreamMsg = Extract<ServerMessage, { type: 'stream:update' }>;

describe('stream:update over the real hub, two instances', () => {
  it('"Start stream" on A reaches the Chat Loader and the widgets on A and B; "End stream" too', async () => {
    const a = await createTestApp({ realtime: true });
    const b = await createTestApp({ realtime: true, databaseUrl: a.databaseUrl });
    const creator = await buildCreator(a.deps.db, a.deps.config);
    const loaderOnA = await TestSocket.hello(a.url, { token: creator.token });
    const widgetOnB = await TestSocket.hello(b.url, { overlayKey: creator.overlayKey });

    const started = await a.request<StreamState>('POST', '/api/creator/stream/start', {
      token: creator.token,
    });
    const live = started.body.session;
    expect(live?.endedAt).toBeNull();
    for (const socket of [loaderOnA, widgetOnB]) {
      const m = await socket.waitFor<StreamMsg>((x) => x.type === 'stream:update');
      expect(m.data.session).toEqual(live);
    }
    const ended = await a.request<StreamState>('POST', '/api/creator/stream/end', { token: creator.token });
    const m = await widgetOnB.waitFor<StreamMsg>(
      (x) => x.type === 'stream:update' && x.data.session?.endedAt != null,
    );
    expect(m.data.session).toEqual(ended.body.session);
    loaderOnA.close();
    widgetOnB.close();
    await b.close();
    await a.close();
  });
});
