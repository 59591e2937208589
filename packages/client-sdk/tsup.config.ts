import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/node.ts', 'src/validate.ts', 'src/push.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  // One copy of the client code shared by both entries, in CJS too (errors stay one class).
  splitting: true,
  target: 'node20',
  // Keep `node:fs` etc. as written: bundlers then know the /node entry is Node-only.
  removeNodeProtocol: false,
});
