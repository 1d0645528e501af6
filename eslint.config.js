// One lint setup for every workspace: typescript-eslint's recommended rules, React hooks rules for the PWA, and the
// layer rules of docs/ARCHITECTURE.md (eslint/layers.js; eslint/layers.test.ts shows each failing).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import layers from './eslint/layers.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'bench/results/**',
      '.lighthouseci/**',
      'pwa/public/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['pwa/**/*.{ts,tsx}', 'mocks/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['api/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*.repository.ts',
      'api/src/db/**',
      // Stores that predate the rule, kept whole (docs/ARCHITECTURE.md "Layers" says why each is one):
      'api/src/modules/sync/changes.ts', // the version store: one-snapshot change reads, shared by every space
      'api/src/modules/sync/spaces.ts', // the version counters every write transaction bumps
      'api/src/http/idempotency.ts', // the Idempotency-Key store of the HTTP layer (http/ cannot use modules/)
      'api/src/http/rateLimit.ts', // the rate-limit counters of the HTTP layer
      'api/src/jobs/**', // advisory locks that must share the job's own connection or transaction
      'api/src/sandboxSeed.ts', // sandbox fixtures, never run in production
    ],
    plugins: { layers },
    rules: { 'layers/sql-only-in-repositories': 'error' },
  },
  {
    files: ['api/src/http/**/*.ts'],
    plugins: { layers },
    rules: { 'layers/http-never-imports-modules': 'error' },
  },
  {
    files: ['pwa/src/screens/**/*.{ts,tsx}'],
    // A screen's test may render the app around it (another screen's route included).
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { layers },
    rules: { 'layers/screens-own-files': 'error' },
  },
  {
    // Each workspace imports only the workspaces below it, and declares each in its package.json.
    files: ['shared/**/*.{ts,tsx}', 'mocks/**/*.{ts,tsx}', 'api/**/*.ts', 'pwa/**/*.{ts,tsx}'],
    plugins: { layers },
    rules: { 'layers/workspace-imports': 'error' },
  },
  {
    files: ['api/src/**/*.ts'],
    // Tests may start a hub of their own (the harness does too).
    ignores: ['**/*.test.ts'],
    plugins: { layers },
    rules: { 'layers/realtime-importers': 'error' },
  },
  {
    // Rows become records in repositories: the hub and AppDeps take TipRecord, never a row; deps.ts and domain/
    // import no module.
    files: ['api/src/realtime/**/*.ts', 'api/src/deps.ts', 'api/src/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { layers },
    rules: { 'layers/records-above-repositories': 'error' },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    // A test may render the app around what it tests.
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { layers },
    rules: { 'layers/pwa-folder-order': 'error' },
  },
  {
    files: ['pwa/src/components/**/*.{ts,tsx}', 'pwa/src/screens/**/*.{ts,tsx}'],
    // A test answers the API with MSW; it may call the client to set the scene.
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { layers },
    rules: { 'layers/api-calls-through-hooks': 'error' },
  },
  {
    // Sizes (issue 15): a source file over 400 lines or a function over 150 is split by job. Tests, e2e journeys and
    // migrations are exempt (a describe block or a landed migration is one unit); bench scripts keep the function rule.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.e2e.ts', '**/test/**', '**/e2e/**', 'migrations/**', 'bench/**'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 150 }],
    },
  },
  {
    files: ['bench/**/*.{ts,mjs}'],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
  {
    // The OBS pages, and what a static public page runs before React (issue 16: staticPage.ts and each page's fill).
    files: [
      'pwa/src/overlay/**/*.ts',
      'pwa/src/widgets/**/*.ts',
      'pwa/src/staticPage.ts',
      'pwa/src/screens/GuestTip/staticGuestTip.ts',
    ],
    ignores: ['**/*.test.ts'],
    plugins: { layers },
    rules: { 'layers/small-bundle-imports': 'error' },
  },
);
