// The SDK's endpoint table: every callable contract as the SDK needs it at run time (method,
// path, path parameters, aliases, how each parameter travels on the wire) and no schema.
//
// In the sources (tests, the typecheck, tsx) it is worked out here from the contract table,
// so it follows the contracts with no step to forget. The build writes the same rows out as
// data in place of this module (`endpointTableModule` in tsup.config.ts), so the built SDK
// imports nothing of @teamchat/schema but its zod-free `/wire` entry, and a browser bundle
// holds no zod (bench/bundle-size.mjs checks it).
import { endpointList } from '@teamchat/schema';
import type { WireEndpoint } from '@teamchat/schema/wire';
import type { ClientEndpointName } from './endpoint-types.js';
import { endpointRows, expandEndpointTable } from './expand-endpoint-table.js';

const rows = endpointRows(endpointList);

/**
 * Every callable contract as the SDK needs it at run time, with no schema: method, path,
 * path parameters, aliases and how each parameter travels on the wire.
 */
export const endpointTable: { readonly [N in ClientEndpointName]: WireEndpoint } = expandEndpointTable(rows.callable);

/** Names of the `outgoing` contracts: what the server sends to an integration, never callable. */
export const outgoingEndpointNames: readonly string[] = rows.outgoing;
