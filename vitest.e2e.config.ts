import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Journeys that cannot share the product with another journey at the same time: `layout`, `ops-dispute` and
 * `ops-refund` read and act on the operator console's queues, which every journey's disputes, refunds and
 * reports fill; `creator`, `moderators`, `ops-suspension` and `timer` assert how fast the browser shows
 * something (within 1 s or 3 s). They run one at a time, after the others, on a machine nothing else of the run
 * is using.
 */
const ALONE = ['layout', 'ops-dispute', 'ops-refund', 'ops-suspension', 'creator', 'moderators', 'timer'].map(
  (name) => `pwa/e2e/${name}.e2e.ts`,
);

/** `npm run test:mocks` runs the PWA on MSW mocks (pwa/e2e/vitest.mocks.config.ts); this run has the product. */
const MOCKS = 'pwa/e2e/mocks.e2e.ts';

const journeys = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 180_000,
  // A journey's expect.poll without its own timeout waits up to 10 s: Chromium, the API and Postgres share two cores.
  expect: { poll: { timeout: 10_000 } },
} satisfies TestProjectInlineConfiguration['test'];

/**
 * Browser journeys: Debian's Chromium through playwright-core against the product started as `npm start`, once
 * for the whole run (globalSetup). Each journey makes its own accounts and creators, so two journeys at a time
 * share nothing but the product; most of a journey's time is waiting (payout holds, simulator steps, countdowns,
 * sockets), so two at a time take little more than one.
 */
export default defineConfig({
  test: {
    globalSetup: ['pwa/e2e/globalSetup.ts'],
    projects: [
      {
        test: {
          ...journeys,
          name: 'e2e',
          include: ['pwa/e2e/**/*.e2e.ts'],
          exclude: [...ALONE, MOCKS],
          maxWorkers: 2,
        },
      },
      {
        test: { ...journeys, name: 'e2e-alone', include: ALONE, fileParallelism: false },
      },
    ],
  },
});
