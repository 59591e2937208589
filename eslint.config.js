// Lint encodes the layout (DESIGN.md, STYLE.md rule 24): imports point down, the server core
// speaks no HTTP and no `node:`, the model tier imports no domain, and nothing imports in a
// cycle. The folder-level cycle check and the endpoint mirror are tests
// (packages/server/test/layering.test.ts); unused files and exports are knip's (knip.json).
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** Domain folders of the server core: `core/model` may import none of them. */
const CORE_ABOVE_MODEL = [
  'attachments', 'auth', 'channel-folders', 'channels', 'endpoints', 'events', 'linkifiers', 'markdown', 'messages', 'narrow',
  'navigation-views', 'pages', 'playgrounds', 'presence', 'procedure', 'realm', 'register', 'seed', 'settings', 'user-groups', 'users',
  'alert-words', 'drafts', 'muted-users', 'realm-emoji', 'realm-settings', 'scheduled-messages', 'typing', 'user-status', 'user-topics',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'bench/results/**', '**/*.d.ts'] },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    languageOptions: { parserOptions: { ecmaVersion: 2023, sourceType: 'module' } },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json', conditionNames: ['source', 'types', 'import', 'default'] })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/packages/*/src/**', '@teamchat/*/src/**'], message: "Import another package by its name, never its sources." }] }],
    },
  },
  {
    files: ['**/*.test.ts', '**/test/**/*.ts'],
    // vi.mock's typed factories need `typeof import(…)`.
    rules: { '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }] },
  },
  {
    // The core runs inside MSW in a browser: no Node modules, no HTTP objects.
    files: ['packages/server/src/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*'], message: 'src/core is platform-neutral: node-only code lives in src/node or src/store/disk.' }] }],
      'no-restricted-globals': [
        'error',
        { name: 'Response', message: 'src/core never builds HTTP responses: return data and let src/rest render it.' },
        { name: 'Headers', message: 'src/core never builds HTTP headers: src/rest does.' },
        { name: 'process', message: 'src/core runs in browsers too: take settings from ServerConfig.' },
      ],
    },
  },
  {
    files: ['packages/server/src/core/model/**/*.ts', 'packages/server/src/core/internal/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'src/core is platform-neutral.' },
            { group: CORE_ABOVE_MODEL.map((folder) => `../${folder}/*`), message: 'core/model and core/internal sit below every domain: move the rule down, or the caller up.' },
          ],
        },
      ],
    },
  },
  {
    // Above the core, only its surface: src/core/index.ts.
    files: ['packages/server/src/*.ts', 'packages/server/src/rest/**/*.ts', 'packages/server/src/node/**/*.ts', 'packages/server/src/store/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)core/(?!index\\.js$).+', message: 'Outside src/core, import the core through src/core/index.ts.' }] }],
    },
  },
);
