import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { compiledCatalogues } from './pwa/src/i18n/cataloguePlugin.ts';

/** expect.poll waits up to 5 s (vitest's default is 1 s, too short for CI on two loaded cores). */
const expect = { poll: { timeout: 5_000 } };

export default defineConfig({
  test: {
    // Vitest's default is one file at a time on two cores (cores − 1). Most of a file's time here is waiting
    // (PostgreSQL, the Auth emulator, sockets, a fresh worker's imports), and each api file has its own database, so
    // two at a time took `npm test` from 941 s to 529 s on this 2-core machine with every test passing
    // (docs/PERFORMANCE.md, session 19).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'shared',
          include: ['shared/src/**/*.test.ts'],
          environment: 'node',
          expect,
        },
      },
      {
        test: {
          name: 'tools',
          include: ['eslint/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          expect,
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
          expect,
        },
      },
      {
        // The PWA's compiled message catalogues (virtual:shabaash-messages/<language>), as in its build.
        plugins: [compiledCatalogues()],
        test: {
          name: 'web',
          include: ['pwa/src/**/*.test.{ts,tsx}', 'mocks/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['pwa/src/test/setup.ts'],
          testTimeout: 15_000,
          expect,
        },
      },
    ],
  },
});
