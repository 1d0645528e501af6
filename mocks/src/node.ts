import { setupServer, type SetupServer } from 'msw/node';
import { createHandlers } from './handlers.ts';
import { createMockState, type MockState } from './state.ts';
import { createWsHandlers, type MockRealtimeOptions } from './ws.ts';

export interface MockServer {
  server: SetupServer;
  state: MockState;
}

/**
 * MSW for Node tests (vitest with happy-dom): the same handlers as the browser mock mode over a fresh fixture
 * state. Call `server.listen({ onUnhandledRequest: 'error' })` in beforeAll, `resetMockState(state)` and
 * `server.resetHandlers()` between tests, `server.close()` after. Realtime is off unless `incomingEveryMs` is set.
 */
export function createMockServer(options: MockRealtimeOptions = {}): MockServer {
  const state = createMockState();
  const server = setupServer(...createHandlers(state), ...createWsHandlers(state, options));
  return { server, state };
}
