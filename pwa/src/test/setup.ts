import { configure } from '@testing-library/react';
import { activateLanguage } from '../i18n/i18n.tsx';

/**
 * findBy / waitFor wait up to 5 s instead of Testing Library's 1 s: CI runs the suites in parallel on two cores and
 * fake-indexeddb transactions then take longer. A screen that never shows the text still fails the test.
 */
configure({ asyncUtilTimeout: 5_000 });

// Every screen renders its texts from the English catalogue (SPEC's words) unless a test switches language.
await activateLanguage('en');
