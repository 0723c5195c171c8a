import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Import boundaries of DESIGN.md: contract imports neither side; client and server never import each other. */
const boundaries = {
  contract: ['**/client/**', '**/server/**'],
  client: ['**/server/**', '../server/**'],
  server: ['**/client/**'],
};

const clientFeaturesDir = fileURLToPath(new URL('./src/client/features/', import.meta.url));
const featureNames = fs
  .readdirSync(clientFeaturesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

/** What a file of `feature` may not import: server code, app/, and any other feature (by a relative path or through features/). */
function featureImportPatterns(feature) {
  const others = featureNames.filter((name) => name !== feature);
  return [
    { group: ['**/server/**'], message: 'The client never imports server code.' },
    { group: ['**/app/**', '../../app', '../../../app'], message: 'Features do not import app/: imports flow shared -> features -> app.' },
    {
      regex: `^(\\.\\./)+(${others.join('|')})(/.*)?$|/features/(?!${feature}(/|$))`,
      message: 'A feature never imports another feature: move what both need to shared/ (or ui/, api/), or compose the two in app/.',
    },
  ];
}

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
  // Features are capabilities that never import one another (bulletproof-react's rule): what several
  // features share lives in shared/, ui/, api/ or services/, and screens that need several features
  // are composed in app/. One block per feature folder, so a new feature is covered as soon as it exists.
  ...featureNames.map((feature) => ({
    files: [`src/client/features/${feature}/**`],
    rules: { 'no-restricted-imports': ['error', { patterns: featureImportPatterns(feature) }] },
  })),
  {
    files: ['src/client/ui/**', 'src/client/services/**', 'src/client/api/**', 'src/client/shared/**'],
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
              group: [
                '**/contract/common',
                '**/contract/auth',
                '**/contract/bookmarks',
                '**/contract/liked',
                '**/contract/lyrics',
                '**/contract/musicbox',
                '**/contract/playlists',
                '**/contract/profile',
                '**/contract/radio',
                '**/contract/songs',
                '**/contract/stats',
              ],
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
    // Layers of DESIGN.md: the lower folders serve modules/ and never reach up into it.
    files: ['src/server/library/**', 'src/server/lib/**', 'src/server/plugins/**', 'src/server/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**'], message: 'The server never imports client code.' },
            {
              group: ['**/modules/**', '../modules', '../../modules'],
              message: 'library/, lib/, plugins/ and db/ sit below modules/: they never import from it.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles anywhere: resolved by the node resolver with the TypeScript extensions. Test
    // files are skipped as importers (no file imports a test, so none can close a cycle): a quarter of the rule's time.
    files: ['src/**/*.ts', 'src/**/*.tsx', 'bench/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Small files with one job: no source file over 300 lines, no function over 60 (tests and bench aside).
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'src/**/test/**'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
