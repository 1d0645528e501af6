import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['api/src/**/*.test.ts', 'api/test/**/*.test.ts', 'migrations/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['api/test/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['pwa/src/**/*.test.{ts,tsx}', 'mocks/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          testTimeout: 15_000,
        },
      },
    ],
  },
});
