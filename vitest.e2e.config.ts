import { defineConfig } from 'vitest/config';

/** Browser journeys: Debian's Chromium through playwright-core against the product started as `npm start`. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['pwa/e2e/**/*.e2e.ts'],
    // The PWA on MSW mocks, no product: `npm run test:mocks` runs it (pwa/e2e/vitest.mocks.config.ts), CI once.
    exclude: ['pwa/e2e/mocks.e2e.ts'],
    environment: 'node',
    globalSetup: ['pwa/e2e/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // A journey's expect.poll without its own timeout waits up to 10 s: Chromium, the API and Postgres share two cores.
    expect: { poll: { timeout: 10_000 } },
  },
});
