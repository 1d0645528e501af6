import { configure } from '@testing-library/react';

/**
 * findBy / waitFor wait up to 5 s instead of Testing Library's 1 s: CI runs the suites in parallel on two cores and
 * fake-indexeddb transactions then take longer. A screen that never shows the text still fails the test.
 */
configure({ asyncUtilTimeout: 5_000 });
