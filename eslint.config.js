// ESLint (flat config): recommended JS + TypeScript rules, React hooks rules for the web app,
// and the import boundaries of DESIGN.md "Layout": the web app never imports the server;
// packages/shared imports only zod, date-fns and its own files; a server feature never reads
// another feature's repository (it calls that feature's service). Import cycles are checked by scripts/check-cycles.mjs (run by
// `npm run lint`): the usual ESLint plugin for it pulls native resolver builds this project's
// registry cannot serve for every platform, which breaks `npm ci`.
import path from 'node:path';
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
          paths: [
            {
              name: 'sonner',
              message:
                'Import toast from components/ui/toast.ts: the first toast mounts the toaster, so pages that never toast never load it.',
            },
          ],
        },
      ],
    },
  },
  {
    // The two modules that wrap sonner, and tests that render a toaster of their own.
    files: [
      'apps/web/src/components/ui/toast.ts',
      'apps/web/src/app/providers.tsx',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/test/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Web layers: app/ composes features; a feature stands on lib/, components/ and
    // packages/shared only, never on app/ or another feature; lib/ and components/ stand on
    // nothing above them. Tests that render the whole app may import app/.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    plugins: { pitstop: { rules: { 'web-layers': webLayersRule() } } },
    rules: { 'pitstop/web-layers': 'error' },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: sharedImportPatterns() }] },
  },
  {
    // Tests of the shared rules may also use the test tools.
    files: ['packages/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: sharedImportPatterns(['vitest', 'fast-check']) },
      ],
    },
  },
  {
    files: ['apps/server/src/features/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: serverFeaturePatterns() }],
    },
  },
  {
    // The one file that takes a visit's locks in their order (visits/locks.ts) may use the raw
    // lock queries; everything else asks it.
    files: ['apps/server/src/features/visits/locks.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: serverFeaturePatterns(false) }],
    },
  },
  {
    // Playwright's fixture functions destructure an empty object when they need no fixtures.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);

/**
 * Server features talk through services, never another feature's repository; and a visit's locks
 * are taken through visits/locks.ts (`visitLocks(tx)`), which keeps their order, never by hand.
 */
function serverFeaturePatterns(restrictLocks = true) {
  const patterns = [
    {
      regex: '^\\.\\./(?:\\.\\./features/)?[^./][^/]*/repository(?:\\.ts)?$',
      message:
        "Features talk through services: call the other feature's service.ts, never its repository.",
    },
  ];
  if (!restrictLocks) return patterns;
  const message =
    "Take a visit's locks through visitLocks(tx) in visits/locks.ts: it keeps their order.";
  return [
    ...patterns,
    {
      regex: '(?:^|/)booking-rows(?:\\.ts)?$',
      importNames: ['lockBookingById', 'lockBookingBySession', 'lockBookingDates'],
      message,
    },
    {
      regex: '(?:^|/)technician-rows(?:\\.ts)?$',
      importNames: ['lockTechnician'],
      message,
    },
    {
      regex: '^\\./repository(?:\\.ts)?$',
      importNames: ['findAppointmentForUpdate', 'listVisitRowsForUpdate', 'lockOpenJobsOf'],
      message,
    },
  ];
}

/**
 * What packages/shared may import: zod, date-fns, @date-fns/tz, its own files (relative paths)
 * and `extra`. It runs in the browser and on the server alike, so no app, framework or Node API.
 */
function sharedImportPatterns(extra = []) {
  const allowed = ['zod', 'date-fns', '@date-fns/tz', ...extra]
    .map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('|');
  return [
    {
      regex: `^(?!(?:${allowed})(?:/|$))(?!\\.{1,2}/)`,
      message: 'packages/shared depends on zod, date-fns and @date-fns/tz only.',
    },
    {
      group: ['**/apps/**', '**/packages/**'],
      message: 'packages/shared imports its own files only, never an app.',
    },
  ];
}

/** The layer of a file under apps/web/src: 'app', 'feature:<name>', 'lib', 'components' or null. */
function webLayerOf(file) {
  const match = /apps\/web\/src\/(app|features\/[^/]+|lib|components)\//.exec(
    file.split(path.sep).join('/'),
  );
  if (!match) return null;
  return match[1].startsWith('features/')
    ? `feature:${match[1].slice('features/'.length)}`
    : match[1];
}

/** ESLint rule: relative imports across the web app's layers (see the config block above). */
function webLayersRule() {
  return {
    meta: {
      type: 'problem',
      messages: {
        featureToApp: 'A feature never imports app/: app/ composes the features.',
        featureToFeature:
          "Features stand on their own: share through lib/, components/ or packages/shared, not feature '{{target}}'.",
        lowerToUpper: '{{from}}/ is below the features and app/: it may not import {{target}}.',
      },
    },
    create(context) {
      const from = webLayerOf(context.filename);
      if (!from) return {};
      const check = (node, specifier) => {
        if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
        const target = webLayerOf(path.resolve(path.dirname(context.filename), specifier) + '/');
        if (!target || target === from) return;
        if (from.startsWith('feature:')) {
          if (target === 'app') context.report({ node, messageId: 'featureToApp' });
          else if (target.startsWith('feature:')) {
            context.report({
              node,
              messageId: 'featureToFeature',
              data: { target: target.slice('feature:'.length) },
            });
          }
        } else if (from !== 'app' && (target === 'app' || target.startsWith('feature:'))) {
          context.report({ node, messageId: 'lowerToUpper', data: { from, target } });
        }
      };
      return {
        ImportDeclaration: (node) => check(node, node.source.value),
        ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
        ExportAllDeclaration: (node) => check(node, node.source.value),
        ImportExpression: (node) =>
          node.source.type === 'Literal' && check(node, node.source.value),
      };
    },
  };
}
