import { setupWorker } from 'msw/browser';
import { createHandlers } from './handlers.ts';
import { createMockState, type MockState } from './state.ts';
import { createWsHandlers } from './ws.ts';

/** localStorage key: ms between simulated superchats in mock mode. */
export const TIP_PACE_KEY = 'shabaash.mocks.tipEveryMs';

/** The one in-memory world of the browser mock mode (reload the page to start again). */
export const browserMockState: MockState = createMockState();

/**
 * Starts MSW in the page for `npm run dev:mocks`: every /api endpoint, /ws realtime (a simulated superchat every
 * `incomingEveryMs`, default 12 s) and the sandbox checkout. Resolves once the mock service worker is active.
 */
export async function startMockWorker(options: { incomingEveryMs?: number } = {}): Promise<void> {
  // localStorage `shabaash.mocks.tipEveryMs` overrides the pace (tests use a short one; 0 stops the feed).
  const stored = Number(localStorage.getItem(TIP_PACE_KEY) ?? Number.NaN);
  const incomingEveryMs = Number.isFinite(stored) ? stored : (options.incomingEveryMs ?? 12_000);
  const worker = setupWorker(
    ...createHandlers(browserMockState),
    ...createWsHandlers(browserMockState, { incomingEveryMs }),
  );
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    // Vite's own modules, HMR and assets pass through quietly; anything else unmocked is reported.
    onUnhandledRequest(request, print) {
      const url = new URL(request.url);
      if (url.origin !== location.origin) return;
      if (url.pathname.startsWith('/api') || url.pathname.startsWith('/ws')) print.warning();
    },
    quiet: false,
  });
}
