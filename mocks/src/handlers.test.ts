// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MESSAGES,
  chatChangesResponseSchema,
  endpoints,
  serverMessageSchema,
  type ServerMessage,
} from '@shabaash/shared';
import { CREATOR, MOCK_PASSWORD, OVERLAY_KEYS, VIEWER } from './fixtures.ts';
import { createMockServer } from './node.ts';
import { grantOperator, resetMockState } from './state.ts';
import { answerLost, failWith, overrideHandlers } from './handlers.ts';

const { server, state } = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetMockState(state);
});
afterAll(() => server.close());

async function call(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`http://localhost/api${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('mock API handlers', () => {
  it('answers an operator endpoint only to a granted operator, with the test’s resolver output-checked', async () => {
    let reports: unknown[] = [];
    server.use(...overrideHandlers(state, { opsReports: () => ({ reports }) as never }));
    expect((await call('GET', '/ops/reports', VIEWER.token)).status).toBe(403);
    grantOperator(state, VIEWER.user.id);
    expect(await call('GET', '/ops/reports', VIEWER.token)).toEqual({ status: 200, body: { reports: [] } });
    reports = [{ id: 'r1' }]; // not a report: the contract check answers 500 instead of passing it on
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const drifted = await call('GET', '/ops/reports', VIEWER.token);
    expect(drifted.status).toBe(500);
    expect(drifted.body.message).toMatch(/^Mock opsReports drifted from the contract/);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('answers a failWith override with the API’s envelope for its code', async () => {
    server.use(
      ...overrideHandlers(state, { balance: failWith('PAYMENT_REQUIRED', MESSAGES.insufficientBalance) }),
    );
    expect(await call('GET', '/wallet/balance', VIEWER.token)).toEqual({
      status: 402,
      body: { message: MESSAGES.insufficientBalance, code: 'PAYMENT_REQUIRED' },
    });
  });

  it('processes an answerLost request but loses its answer, once', async () => {
    server.use(answerLost(state, 'sendTip'));
    const send = () => call('POST', '/tips/send', VIEWER.token, { amount: 101, message: 'lost' });
    await expect(send()).rejects.toThrow();
    expect(state.wallets.get(VIEWER.user.id)?.balancePaise).toBe(214_700 - 10_100);
    expect((await send()).status).toBe(200);
  });

  it('answers every endpoint of the contract (nothing falls through as unhandled)', async () => {
    for (const def of Object.values(endpoints)) {
      const path = def.path.replace(':id', 'missing');
      const res = await fetch(`http://localhost/api${path}`, { method: def.method });
      // Unauthenticated, invalid or missing: an envelope, never an unhandled request or a 500.
      expect(res.status, `${def.method} ${def.path}`).toBeLessThan(500);
    }
  });

  it('logs a fixture viewer in and rejects a wrong password with the API message', async () => {
    const ok = await call('POST', '/auth/login', null, { phone: '+91 98765-43210', password: MOCK_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ name: 'Aarav Sharma', phone: '9876543210' });
    const bad = await call('POST', '/auth/login', null, { phone: '9876543210', password: 'nope' });
    expect(bad).toEqual({
      status: 401,
      body: { message: MESSAGES.invalidCredentials, code: 'UNAUTHENTICATED' },
    });
  });

  it('validates input with the endpoint schema and answers the schema message as a 400 envelope', async () => {
    const res = await call('POST', '/tips/send', VIEWER.token, { amount: 0.5, message: 'hi' });
    expect(res).toEqual({
      status: 400,
      body: { message: 'Minimum amount is ₹1.', code: 'VALIDATION_FAILED', field: 'amount' },
    });
    const phone = await call('POST', '/auth/login', null, { phone: '12345', password: 'x' });
    expect(phone.body).toMatchObject({ message: MESSAGES.invalidPhone, code: 'VALIDATION_FAILED' });
  });

  it('a sent tip lowers the balance once, adds wallet activity and reaches the creator queue; a replayed key moves no money', async () => {
    const before = await call('GET', '/wallet/balance', VIEWER.token);
    expect(before.body).toEqual({ balance: 2147, balancePaise: 214_700 });
    const send = () =>
      call(
        'POST',
        '/tips/send',
        VIEWER.token,
        { amount: 101, message: 'शाबाश!' },
        { 'Idempotency-Key': 'k-1' },
      );
    const first = await send();
    const replay = await send();
    expect(first.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect((await call('GET', '/wallet/balance', VIEWER.token)).body).toEqual({
      balance: 2046,
      balancePaise: 204_600,
    });
    const activity = await call('GET', '/wallet/transactions', VIEWER.token);
    expect((activity.body.transactions as Array<{ description: string }>)[0]).toMatchObject({
      description: 'Tip to Riya Plays',
      amountPaise: 10_100,
    });
    const chats = await call('GET', '/creator/chats', CREATOR.token);
    expect((chats.body.tips as Array<{ message: string }>)[0]?.message).toBe('शाबाश!');
  });

  it('refuses a tip above the balance with 402 and the insufficient-balance message', async () => {
    const res = await call('POST', '/tips/send', VIEWER.token, { amount: 5000, message: '' });
    expect(res).toEqual({
      status: 402,
      body: { message: MESSAGES.insufficientBalance, code: 'PAYMENT_REQUIRED' },
    });
  });

  it('pull by version returns status changes and tombstones; deleting twice is a 404', async () => {
    const list = await call('GET', '/creator/chats', CREATOR.token);
    const version = list.body.version as number;
    const [a, b] = list.body.tips as Array<{ id: string }>;
    expect(
      (await call('PATCH', `/creator/chats/${a?.id}/status`, CREATOR.token, { status: 'read' })).status,
    ).toBe(200);
    expect((await call('DELETE', `/creator/chats/${b?.id}`, CREATOR.token)).body).toEqual({ id: b?.id });
    expect((await call('DELETE', `/creator/chats/${b?.id}`, CREATOR.token)).status).toBe(404);
    const changes = chatChangesResponseSchema.parse(
      (await call('GET', `/creator/chats/changes?since=${version}`, CREATOR.token)).body,
    );
    expect(changes.tips.map((t) => [t.id, t.status])).toEqual([[a?.id, 'read']]);
    expect(changes.deleted).toEqual([b?.id]);
    expect(changes.version).toBe(version + 2);
    const ahead = chatChangesResponseSchema.parse(
      (await call('GET', `/creator/chats/changes?since=${version + 99}`, CREATOR.token)).body,
    );
    expect(ahead.reset).toBe(true);
  });

  it('keeps creator endpoints for creators', async () => {
    const res = await call('GET', '/creator/chats', VIEWER.token);
    expect(res).toEqual({ status: 403, body: { message: MESSAGES.forbiddenCreator, code: 'FORBIDDEN' } });
  });
});

describe('mock realtime', () => {
  it('welcomes a creator with versions, then streams a new tip and its deletion', async () => {
    const socket = new WebSocket('ws://localhost/ws');
    const received: ServerMessage[] = [];
    socket.addEventListener('message', (e) =>
      received.push(serverMessageSchema.parse(JSON.parse(String(e.data)))),
    );
    await new Promise((resolve) => socket.addEventListener('open', resolve));
    socket.send(JSON.stringify({ type: 'hello', token: CREATOR.token }));
    await expect.poll(() => received[0]?.type).toBe('welcome');
    const space = `creator:${CREATOR.user.id}`;
    const welcome = received[0];
    const version = welcome?.type === 'welcome' ? welcome.versions[space] : undefined;
    expect(version).toBe(10);

    const sent = await call('POST', '/tips/send', VIEWER.token, { amount: 51, message: 'GG!' });
    const id = (sent.body.tip as { id: string }).id;
    await expect
      .poll(() => received.find((m) => m.type === 'tip:new'))
      .toMatchObject({ space, version: 11, data: { id, message: 'GG!' } });
    await call('DELETE', `/creator/chats/${id}`, CREATOR.token);
    await expect
      .poll(() => received.find((m) => m.type === 'tip:deleted'))
      .toMatchObject({ space, version: 12, data: { id } });
    socket.close();
  });

  it('sends a test alert and Skip reading to the creator’s overlay only', async () => {
    const open = async (hello: Record<string, unknown>) => {
      const socket = new WebSocket('ws://localhost/ws');
      const received: ServerMessage[] = [];
      socket.addEventListener('message', (e) =>
        received.push(serverMessageSchema.parse(JSON.parse(String(e.data)))),
      );
      await new Promise((resolve) => socket.addEventListener('open', resolve));
      socket.send(JSON.stringify({ type: 'hello', ...hello }));
      await expect.poll(() => received[0]?.type).toBe('welcome');
      return { socket, received };
    };
    const overlay = await open({ overlayKey: OVERLAY_KEYS[CREATOR.user.id] });
    const loader = await open({ token: CREATOR.token });
    const sent = await call('POST', '/creator/show/test-alert', CREATOR.token, { amount: 1000 });
    expect(sent.body).toMatchObject({ name: 'Test alert', amount: 1000, amountPaise: 100_000 });
    await expect
      .poll(() => overlay.received.find((m) => m.type === 'show:test'))
      .toEqual({ type: 'show:test', data: sent.body });
    await call('POST', '/creator/show/skip-speech', CREATOR.token);
    await expect.poll(() => overlay.received.some((m) => m.type === 'speech:skip')).toBe(true);
    expect(loader.received.filter((m) => m.type === 'show:test' || m.type === 'speech:skip')).toEqual([]);
    overlay.socket.close();
    loader.socket.close();
  });
});
