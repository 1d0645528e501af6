import { defineConfig } from 'vitest/config';

/** `npm run test:mocks`: the PWA in mock mode (vite --mode mocks, MSW, no API, no database) driven in Chromium. */
export default defineConfig({
  test: {
    name: 'mocks-e2e',
    include: ['pwa/e2e/mocks.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 10_000 } },
  },
});
