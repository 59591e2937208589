import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The library entries: ESM and CJS (CommonJS users of the mock load the core through it).
    entry: ['src/index.ts', 'src/node.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    splitting: true,
    // import.meta.url in the CommonJS build (webAppFolder resolves @teamchat/web from here).
    shims: true,
    target: 'node20',
  },
  {
    entry: ['src/bin.ts', 'src/push-bouncer-bin.ts'],
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
  },
]);
