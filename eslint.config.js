// ESLint (flat config): recommended JS + TypeScript rules, React hooks rules for the web app,
// and the import boundaries of DESIGN.md "Layout": the web app never imports the server;
// packages/shared imports no app. Import cycles are checked by scripts/check-cycles.mjs (run by
// `npm run lint`): the usual ESLint plugin for it pulls native resolver builds this project's
// registry cannot serve for every platform, which breaks `npm ci`.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/coverage/',
    '**/test-results/',
    '**/playwright-report/',
    'apps/server/src/db/migrations/',
    'data/',
    '.tmp/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@pitstop/server',
                '@pitstop/server/*',
                '**/apps/server/**',
                '**/server/src/**',
              ],
              message:
                'The web app talks to the server over HTTP only; shared code goes in packages/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@pitstop/server',
                '@pitstop/server/*',
                '@pitstop/web',
                '@pitstop/web/*',
                '**/apps/**',
              ],
              message: 'packages/shared depends on zod and date-fns only, never on an app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright's fixture functions destructure an empty object when they need no fixtures.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
