import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The tables (`db/schema`) are read and written only in `*.repo.ts` files. */
const tablesOnlyInRepos = {
  group: ['**/db/schema', '**/db/schema/*', '**/db/schema.js', 'drizzle-orm', 'drizzle-orm/*'],
  message: 'Only *.repo.ts files (and db/, seed/, migrations, tests) use the tables and SQL: call a repo.',
};
/** Another module's repo (`../commerce/commerce.repo.js`, `../modules/auth/session.repo.js`). */
const foreignRepos = {
  group: ['../*/*.repo.js', '../../modules/*/*.repo.js', '../modules/*/*.repo.js'],
  message: "A module uses another module through that module's service, never its repo.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      '**/.tmp/**',
      '**/playwright-report/**',
      '**/test-results/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Import direction (ARCHITECTURE.md §3): server and web never import each other, both use
  // packages/contracts; web features never import each other (app/ composes them).
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        typescript: {
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
        },
      },
      'boundaries/include': ['apps/**/*', 'packages/**/*'],
      'boundaries/elements': [
        { type: 'contracts', pattern: 'packages/contracts', mode: 'folder' },
        { type: 'audio', pattern: 'packages/audio', mode: 'folder' },
        { type: 'server', pattern: 'apps/server', mode: 'folder' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', mode: 'folder', capture: ['feature'] },
        { type: 'web', pattern: 'apps/web', mode: 'folder' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'contracts', allow: ['contracts'] },
            { from: 'audio', allow: ['audio'] },
            { from: 'server', allow: ['server', 'contracts', 'audio'] },
            { from: 'web', allow: ['web', 'web-feature', 'contracts'] },
            { from: 'web-feature', allow: ['web', ['web-feature', { feature: '${from.feature}' }], 'contracts'] },
          ],
        },
      ],
    },
  },
  // Data ownership (decision 035): only repos (and the database, seed and migration code) read the
  // tables; a module reaches another module through that module's service, never its repo.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repo.ts', 'apps/server/src/db/**', 'apps/server/src/seed/**', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [tablesOnlyInRepos, foreignRepos] }] },
  },
  {
    files: ['apps/server/src/**/*.repo.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [foreignRepos] }] },
  },
  {
    // Services hold the rules and never know about HTTP.
    files: ['apps/server/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['fastify', 'fastify-*', '@fastify/*'], message: 'Services never import Fastify.' },
            tablesOnlyInRepos,
            foreignRepos,
          ],
        },
      ],
    },
  },
  // Issue #34 item 6: no god files. Source files stay under 600 lines, tests and test helpers under 1,100.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: { 'max-lines': ['error', { max: 600, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'apps/server/test/**', 'apps/web/e2e/**', 'apps/web/src/testing/**'],
    rules: { 'max-lines': ['error', { max: 1100 }] },
  },
);
