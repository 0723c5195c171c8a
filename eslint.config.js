import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Import boundaries of DESIGN.md: contract imports neither side; client and server never import each other. */
const boundaries = {
  contract: ['**/client/**', '**/server/**'],
  client: ['**/server/**', '../server/**'],
  server: ['**/client/**'],
};

const restrict = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.mjs', '**/*.js'], languageOptions: { globals: globals.node } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-function': 'off',
    },
  },
  {
    files: ['src/contract/**'],
    rules: { 'no-restricted-imports': restrict(boundaries.contract, 'contract/ is shared: it imports neither client nor server.') },
  },
  {
    files: ['src/client/**'],
    rules: { 'no-restricted-imports': restrict(boundaries.client, 'The client never imports server code.') },
  },
  {
    // Features do not reach into app/ or into each other's internals: only a feature's index.ts is public.
    files: ['src/client/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The client never imports server code.' },
            { group: ['**/app/**', '../../app', '../../../app'], message: 'Features do not import app/: imports flow ui -> features -> app.' },
            {
              regex: '^\\.\\./\\.\\./(auth|player|radio|musicBox|playlists|liked|stats|library|home|profile|settings)/.+',
              message: "Import another feature through its index.ts only (e.g. '../../player').",
            },
            {
              regex: '^\\.\\./(auth|player|radio|musicBox|playlists|liked|stats|library|home|profile|settings)/.+',
              message: "Import another feature through its index.ts only (e.g. '../player').",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/ui/**', 'src/client/services/**', 'src/client/api/**'],
    rules: {
      'no-restricted-imports': restrict(['**/features/**', '**/app/**', '**/server/**'], 'Shared code imports no feature and no app code.'),
    },
  },
  {
    // zod stays out of the browser bundle: client code may take types from contract files that use it, never values.
    files: ['src/client/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'zod is for the server; the client bundle must not carry it.' }],
          patterns: [
            {
              group: ['**/contract/auth', '**/contract/liked', '**/contract/musicbox', '**/contract/playlists', '**/contract/profile', '**/contract/radio', '**/contract/songs', '**/contract/stats'],
              allowTypeImports: true,
              message: 'This contract file imports zod: import only types from it (import type), or move the value to a zod-free contract file.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': restrict(boundaries.server, 'The server never imports client code.') },
  },
  {
    // Small files with one job: no source file over 300 lines, no function over 60 (tests and bench aside).
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'src/**/test/**'],
    rules: {
      'max-lines': ['warn', { max: 300 }],
      'max-lines-per-function': ['warn', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
