import { dirname } from 'node:path';
import { endpointList } from '@teamchat/schema';
import { defineConfig, type Options } from 'tsup';
import { endpointRows } from './src/client/expand-endpoint-table.js';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * Writes the SDK's endpoint table out as data in the build: the module
 * `src/client/endpoint-table.ts` works the rows out from the contracts (what tests and the
 * typecheck run); the built SDK gets the same rows as literals, made here from the built
 * schema (the root build builds it first), so it imports no zod and no contract at run time.
 */
function endpointTableModule(): Plugin {
  const { callable, outgoing } = endpointRows(endpointList);
  const contents = [
    '// The contract table as data, written by the build (tsup.config.ts) in place of endpoint-table.ts.',
    "import { expandEndpointTable } from './expand-endpoint-table.js';",
    `export const endpointTable = expandEndpointTable(${JSON.stringify(callable)});`,
    `export const outgoingEndpointNames = ${JSON.stringify(outgoing)};`,
    '',
  ].join('\n');
  return {
    name: 'teamchat-endpoint-table',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/]client[\\/]endpoint-table\.ts$/ }, (args) => ({
        contents,
        loader: 'ts',
        resolveDir: dirname(args.path),
      }));
    },
  };
}

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
  esbuildPlugins: [endpointTableModule()],
});
