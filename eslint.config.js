// ESLint flat config: typescript-eslint on every TypeScript file, React hooks rules in the renderer,
// and import boundaries that keep architecture.md's layering honest.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Names of SQLite handles for the SQL-outside-core/db rule (esquery regex). */
const DB_HANDLE = '/^(db|database|sqlite|[A-Za-z]+Db)$/';

/**
 * Issue 25: a RegExp built at run time may carry user input and backtrack exponentially on the main
 * thread. In electron/core, `new RegExp(x)` / `RegExp(x)` are allowed only with a literal first argument;
 * user patterns go through core/ci/untrusted-regexp.ts (re2js, linear time). Tests are exempt.
 */
const DYNAMIC_REGEXP = [
  "NewExpression[callee.name='RegExp'][arguments.0.type!='Literal']",
  "CallExpression[callee.name='RegExp'][arguments.0.type!='Literal']",
].map((selector) => ({
  selector,
  message:
    'No RegExp from run-time text in the core: use UntrustedRegexp (core/ci/untrusted-regexp.ts, re2js) or a plain matcher (issue 25)',
}));

const nodeBuiltins = ['node:*', 'fs', 'path', 'child_process', 'crypto', 'os', 'http', 'https', 'net'];

/**
 * Issue 31: the core never imports the host (the host loads the core, not the other way round); code
 * both need lives in shared/. Repeated in every core block that sets no-restricted-imports, since a
 * later block replaces the rule's options.
 */
const CORE_NOT_HOST = {
  group: ['**/host/**'],
  message: 'The core never imports electron/host: put code both need in shared/ (issue 31).',
};

export default tseslint.config(
  {
    ignores: ['dist/**', 'release/**', 'node_modules/**', '.tools/**', 'e2e/artifacts/**', 'test-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', 'electron/**', 'scripts/**', 'bench/**', 'e2e/**', '*.config.*'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/electron/**', 'electron'],
              message: 'The renderer talks to the host only through the typed API client.',
            },
            { group: nodeBuiltins, message: 'No Node in the renderer.' },
          ],
        },
      ],
    },
  },
  // Features ↛ app internals: app/ is the shell (router, layout, providers, palette, shortcuts). Code
  // below it (features, components, api, lib, stores) may import from app/ only what the shell exports
  // for screens: the active profile, screen shortcuts, and the three pieces the pre-shell welcome screen
  // shares with the header and instance forms. Tests may reach further (they mount the router or shell).
  // This block repeats the renderer's Electron/Node patterns because it replaces that rule here.
  {
    files: ['renderer/src/{features,components,api,lib,stores}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/electron/**', 'electron'],
              message: 'The renderer talks to the host only through the typed API client.',
            },
            { group: nodeBuiltins, message: 'No Node in the renderer.' },
            {
              group: [
                // File patterns, not `**/app/**`: a gitignore-style negation cannot re-include a file
                // whose folder is excluded.
                '**/app/**/*.js',
                '**/app/**/*.ts',
                '**/app/**/*.tsx',
                '!**/app/active-profile.js',
                '!**/app/shortcuts/use-shortcut.js',
                '!**/app/layout/outpost-logo.js',
                '!**/app/layout/theme-toggle.js',
                '!**/app/layout/instance-connection-fields.js',
              ],
              message:
                'Features may import from app/ only what it exports for screens (active-profile, shortcuts/use-shortcut, the welcome screen’s layout pieces): app/ is the shell.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...nodeBuiltins, 'react', 'electron'],
              message: 'shared/ has no Node, DOM or Electron imports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/host/**/*.ts', 'electron/core/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only electron/main and electron/preload import Electron; inject what host/ needs.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/core/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only electron/main and electron/preload import Electron; inject what host/ needs.',
            },
          ],
          patterns: [CORE_NOT_HOST],
        },
      ],
    },
  },
  {
    // Type-only imports of row types are fine: they neither query nor spawn.
    files: ['electron/core/routes/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'better-sqlite3',
              message: 'Routes call services; only core/db touches SQLite.',
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ['**/db/*', '**/git/*'],
              message: 'Routes call services; SQL and git live below them.',
              allowTypeImports: true,
            },
            { group: ['node:child_process', 'child_process'], message: 'Only core/git spawns git.' },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/core/services/**/*.ts', 'electron/core/entities/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'better-sqlite3', message: 'Only core/db touches SQLite.' },
            { name: 'fastify', message: 'Services and entities never see HTTP.' },
          ],
          patterns: [
            { group: ['**/routes/*', '**/http/*'], message: 'Nothing below routes imports HTTP plumbing.' },
            CORE_NOT_HOST,
            { group: ['node:child_process', 'child_process'], message: 'Only core/git spawns git.' },
            {
              group: ['**/git/run-git.js'],
              importNames: ['runGit', 'runGitRaw'],
              message: 'Git commands belong in core/git; services call its functions.',
            },
          ],
        },
      ],
    },
  },
  {
    // architecture.md: services call repositories. Any `.prepare(` outside core/db is SQL; `.exec(`/`.pragma(`
    // count only on something named like a database handle (`db`, `ctx.db`, `this.db`, `database`, `fooDb`),
    // so `RegExp#exec` and child_process `exec` stay allowed. `db.transaction(...)` stays allowed: services
    // own their transactions. Tests may inspect storage directly.
    files: ['electron/core/**/*.ts'],
    ignores: ['electron/core/db/**', '**/*.test.ts', 'electron/core/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.type='MemberExpression'][callee.property.name='prepare']",
          `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(exec|pragma)$/][callee.object.name=${DB_HANDLE}]`,
          `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(exec|pragma)$/][callee.object.property.name=${DB_HANDLE}]`,
        ].map((selector) => ({
          selector,
          message: 'SQL belongs in electron/core/db (architecture.md: services call repositories)',
        })),
        ...DYNAMIC_REGEXP,
      ],
    },
  },
  {
    // The block above leaves core/db out (SQL lives there); the RegExp rule still applies to it.
    files: ['electron/core/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...DYNAMIC_REGEXP] },
  },
  {
    // The runner reaches pipeline state through runner/pipeline-state-port.ts, injected in app.ts; it
    // never imports services (not even types), so services ↛ runner ↛ services can't come back.
    files: ['electron/core/runner/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'fastify', message: 'The runner never sees HTTP.' },
            { name: 'electron', message: 'Only electron/main and electron/preload import Electron.' },
          ],
          patterns: [
            {
              group: ['**/services/**', '**/routes/**', '**/http/**'],
              message: 'The runner reaches pipeline state through PipelineStatePort (injected in app.ts).',
            },
            CORE_NOT_HOST,
          ],
        },
      ],
    },
  },
  {
    // core/ci is a pure leaf (YAML → jobs, statuses, variables, masking, JUnit): it imports only itself,
    // shared/ and libraries — no Node I/O, no db, git, services, runner or HTTP. Depth-aware regexes
    // allow `./`, `../` inside ci/config and shared/ at the right depth.
    files: ['electron/core/ci/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['fastify', 'better-sqlite3', 'electron'],
          patterns: [
            { group: nodeBuiltins, message: 'core/ci is pure: no Node I/O.' },
            {
              regex: '^\\.\\./(?!\\.\\./\\.\\./shared/)',
              message: 'core/ci imports only itself and shared/ (architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/core/ci/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['fastify', 'better-sqlite3', 'electron'],
          patterns: [
            { group: nodeBuiltins, message: 'core/ci is pure: no Node I/O.' },
            {
              regex: '^\\.\\./\\.\\./(?!\\.\\./\\.\\./shared/)',
              message: 'core/ci imports only itself and shared/ (architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // Entities may import row types (type-only), never code that queries. Entities sit below services
    // (issue 19): not even a type comes from services; each entity declares its own view-input type.
    files: ['electron/core/entities/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/*', '**/git/*'],
              message: 'Entities are pure presenters: they never query.',
              allowTypeImports: true,
            },
            {
              group: ['**/services/**'],
              message: 'Entities sit below services: declare the view-input type in the entity file.',
            },
          ],
        },
      ],
    },
  },
);
