// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, TOKEN_STORAGE_KEY, WS_CLOSE } from '@shabaash/shared';
import { errorText } from '../i18n/errors.ts';
import { activateLanguage } from '../i18n/i18n.tsx';
import { setUnauthorizedHandler, type ApiError } from '../api/client.ts';
import { setAppSocketFactory, subscribeAppSocket } from './appSocket.ts';
import { fakeSocketFactory } from '../test/fakeSocket.ts';
import { createRealtimeSocket } from './socket.ts';
import { REFERRING_CREATOR_STORAGE_KEY } from '../lib/referringCreator.ts';

afterEach(() => {
  vi.useRealTimers();
  setAppSocketFactory(null);
  setUnauthorizedHandler(null);
  localStorage.clear();
});

describe('the app socket', () => {
  it("joins the public room of the creator whose link brought the viewer (the dashboard's live recent tips)", () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token-of-a-viewer');
    localStorage.setItem(REFERRING_CREATOR_STORAGE_KEY, 'kabir_codes');
    const fake = fakeSocketFactory();
    setAppSocketFactory((options) => createRealtimeSocket({ ...options, createSocket: fake.factory }));
    const unsubscribe = subscribeAppSocket(
      () => undefined,
      () => undefined,
    );
    fake.last().open();
    const hello = fake.last().sent[0];
    unsubscribe();
    expect(hello).toMatchObject({ type: 'hello', token: 'token-of-a-viewer', creator: 'kabir_codes' });
  });

  it('signs the device out like a 401 when the server ends its session (4001)', async () => {
    vi.useFakeTimers();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token-of-a-revoked-session');
    const fake = fakeSocketFactory();
    setAppSocketFactory((options) => createRealtimeSocket({ ...options, createSocket: fake.factory }));
    const signOuts: ApiError[] = [];
    setUnauthorizedHandler((error) => signOuts.push(error));

    const unsubscribe = subscribeAppSocket(
      () => undefined,
      () => undefined,
    );
    fake.last().open();
    expect(fake.last().sent[0]).toMatchObject({ type: 'hello', token: 'token-of-a-revoked-session' });
    // A server restart is not a sign-out: the socket comes back.
    fake.last().drop(WS_CLOSE.shuttingDown, 'Server shutting down');
    vi.advanceTimersByTime(1000);
    expect(fake.sockets).toHaveLength(2);
    expect(signOuts).toHaveLength(0);
    fake.last().open();
    fake.last().drop(WS_CLOSE.unauthorized, 'Session ended');
    // The server's close reason is log text; the device is told the shared message, which Hindi translates.
    expect(signOuts.map((e) => [e.status, e.message])).toEqual([[401, MESSAGES.sessionExpired]]);
    unsubscribe();
    await activateLanguage('hi');
    expect(errorText(signOuts[0])).toBe('आपका सेशन खत्म हो गया है। कृपया फिर से लॉग इन करें।');
    await activateLanguage('en');
  });
});
