import { defineConfig } from 'tsup';

export default defineConfig({
  // `wire` is the zod-free part the SDK imports; both entries share one copy of each module
  // (chunks, in CJS too), so `ApiError` is one class whichever entry it came from.
  entry: ['src/index.ts', 'src/wire.ts', 'src/push.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  splitting: true,
  target: 'node20',
});
