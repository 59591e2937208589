import type { WireEndpoint } from '@teamchat/schema/wire';
import { endpointTable, outgoingEndpointNames } from './endpoint-table.js';

const table: Readonly<Record<string, WireEndpoint>> = endpointTable;

/**
 * The endpoint named `target` (from the SDK's generated table), or `target` itself (a
 * contract made with `defineEndpoint`), checked to be callable: an `outgoing` contract
 * describes what the server sends to an integration and has no SDK method.
 */
export function resolveEndpoint(target: string | WireEndpoint): WireEndpoint {
  const endpoint = typeof target === 'string' ? (Object.hasOwn(table, target) ? table[target] : undefined) : target;
  if (typeof target === 'string' && outgoingEndpointNames.includes(target)) {
    throw new TypeError(
      `[teamchat-sdk] ${target} describes what the server sends to an integration; it cannot be called.`,
    );
  }
  if (!endpoint) {
    throw new TypeError(
      `[teamchat-sdk] Unknown endpoint '${String(target)}'; endpoint names are the keys of the endpoints table of @teamchat/schema.`,
    );
  }
  if (endpoint.direction === 'outgoing') {
    throw new TypeError(
      `[teamchat-sdk] ${endpoint.name} describes what the server sends to an integration; it cannot be called.`,
    );
  }
  if (typeof endpoint.wire !== 'object' || endpoint.wire === null) {
    throw new TypeError(
      `[teamchat-sdk] ${endpoint.name} has no wire description; make the contract with defineEndpoint of @teamchat/schema.`,
    );
  }
  return endpoint;
}
