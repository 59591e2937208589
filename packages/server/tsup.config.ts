import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/node.ts', 'src/bin.ts'],
  format: ['esm'],
  dts: { entry: ['src/index.ts', 'src/node.ts'] },
  clean: true,
  sourcemap: true,
  target: 'node20',
});
