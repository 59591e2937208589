// Lint encodes the layout (DESIGN.md, STYLE.md rule 24): imports point down, the server core
// speaks no HTTP and no `node:`, its tiers import nothing above them, and nothing imports in a
// cycle. import-x/no-cycle skips type imports, so loops that close only through `import type`
// are a test's (test/import-loops.test.ts, every package); the server's folder-level cycle
// check is packages/server/test/layering.test.ts; unused files and exports are knip's (knip.json).
import { fileURLToPath } from 'node:url';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { coreTiers } from './scripts/lib/core-tiers.mjs';

/** What no file of src/core imports: Node modules and the tRPC transport. */
const CORE_PATTERNS = [
  { group: ['node:*'], message: 'src/core is platform-neutral: node-only code lives in src/node or src/store/disk.' },
  { group: ['@trpc/*'], message: 'tRPC is a transport beside REST: it lives in src/trpc, over the core.' },
];

/**
 * The tiers of src/core, derived from its directory tree (scripts/lib/core-tiers.mjs): a file of
 * a tier imports no folder of a tier above it. A new folder is a domain until the tiers module
 * names it: the model and the runtime may not import it as soon as it exists.
 */
const CORE_TIER_BLOCKS = coreTiers(fileURLToPath(new URL('packages/server/src/core', import.meta.url)))
  .filter((tier) => tier.folders.length > 0 && tier.above.length > 0)
  .map((tier) => ({
    files: tier.folders.map((folder) => `packages/server/src/core/${folder}/**/*.ts`),
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...CORE_PATTERNS,
            {
              regex: `^(\\.\\./)+(${tier.above.join('|')})(/|$)`,
              message: `src/core's ${tier.name} tier imports nothing from the tiers above it (${tier.higher.join(', ')}; docs/architecture.md): move the code down, or the caller up.`,
            },
          ],
        },
      ],
    },
  }));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'bench/results/**', '**/*.d.ts'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    languageOptions: { parserOptions: { ecmaVersion: 2023, sourceType: 'module' } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: './tsconfig.json',
          conditionNames: ['source', 'types', 'import', 'default'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `import { type A } from 'x'` stays a bare `import 'x'` in the build: bundlers warn about it.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/packages/*/src/**', '@teamchat/*/src/**'],
              message: 'Import another package by its name, never its sources.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/test/**/*.ts'],
    // vi.mock's typed factories need `typeof import(…)`.
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // The SDK keeps zod out of a browser bundle (bench/bundle-size.mjs measures it): at run
    // time it imports the zod-free `@teamchat/schema/wire` and its endpoint table. Only the
    // response-validation plugin (its own entry, /validate) and the Node-only entry may load
    // the contracts; a new entry that needs them is listed here. The endpoint table works its
    // rows out from the contracts in the sources, and the build writes them out as data in
    // its place (packages/client-sdk/tsup.config.ts).
    files: ['packages/client-sdk/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*.test-d.ts',
      'packages/client-sdk/src/plugins/validate-responses-plugin.ts',
      'packages/client-sdk/src/node.ts',
      'packages/client-sdk/src/node/**',
      'packages/client-sdk/src/client/endpoint-table.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@teamchat/schema',
              allowTypeImports: true,
              message:
                'The SDK imports values from @teamchat/schema/wire (no zod); types may come from @teamchat/schema.',
            },
            {
              name: 'zod',
              allowTypeImports: true,
              message: 'The SDK has no zod at run time: only the validateResponses plugin uses schemas.',
            },
          ],
        },
      ],
    },
  },
  {
    // The core runs inside MSW in a browser: no Node modules, no HTTP objects, no transport.
    files: ['packages/server/src/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: CORE_PATTERNS,
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'Response', message: 'src/core never builds HTTP responses: return data and let src/rest render it.' },
        { name: 'Headers', message: 'src/core never builds HTTP headers: src/rest does.' },
        { name: 'process', message: 'src/core runs in browsers too: take settings from ServerConfig.' },
      ],
    },
  },
  ...CORE_TIER_BLOCKS,
  {
    // Above the core, only its surface: src/core/index.ts.
    files: ['packages/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/server/src/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)core/(?!index\\.js$).+',
              message: 'Outside src/core, import the core through src/core/index.ts.',
            },
          ],
        },
      ],
    },
  },
);
