import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their sources through the `source` export condition,
// so tests never wait for a build (STYLE.md rule 8).
const conditions = ['source', 'module', 'node', 'import', 'default'];

// TEAMCHAT_MSW=3 runs the mock (its sources and tests) on MSW 3, which `.ci/install-msw3` installs
// apart from the workspace and links as node_modules/msw3; MSW 3 needs Node 22.12+, so CI's
// Node 22 run sets it (.ci/run).
const msw3 = process.env['TEAMCHAT_MSW'] === '3';
if (msw3 && !existsSync(fileURLToPath(new URL('node_modules/msw3', import.meta.url)))) {
  throw new Error(
    'TEAMCHAT_MSW=3 runs the mock on MSW 3, which is not installed: run `bash .ci/install-msw3` on Node 22.12+ first',
  );
}
const alias = msw3 ? [{ find: /^msw(?=\/|$)/, replacement: 'msw3' }] : [];

export default defineConfig({
  resolve: { conditions, alias },
  ssr: { resolve: { conditions, externalConditions: ['source'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'examples/*/test/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    // The consumer project's files run in the scratch project, not here.
    exclude: ['**/node_modules/**', 'test/published/consumer/**'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Collects the logs of the servers the suite runs and checks them for secrets at the end.
    globalSetup: ['./test-support/global-setup.ts'],
    typecheck: {
      enabled: true,
      include: ['packages/*/src/**/*.test-d.ts', 'packages/*/test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
