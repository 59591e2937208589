import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their sources through the `source` export condition,
// so tests never wait for a build (STYLE.md rule 8).
const conditions = ['source', 'module', 'node', 'import', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Collects the logs of the servers the suite runs and checks them for secrets at the end.
    globalSetup: ['./test-support/global-setup.ts'],
    typecheck: { enabled: true, include: ['packages/*/src/**/*.test-d.ts', 'packages/*/test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
