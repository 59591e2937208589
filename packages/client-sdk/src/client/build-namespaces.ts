import type { WireEndpoint } from '@teamchat/schema/wire';
import { endpointTable } from './endpoint-table.js';
import type { EndpointNamespaces, RequestOptions } from './endpoint-types.js';

/** Calls one endpoint; what every generated method delegates to. */
export type CallEndpoint = (
  endpoint: WireEndpoint,
  params: Record<string, unknown> | undefined,
  options: RequestOptions | undefined,
) => Promise<unknown>;

/**
 * Builds `client.<area>.<method>` from the SDK's endpoint table (generated from the contract
 * table by `npm run generate`): the name `users.list` is split at its first dot into the
 * area `users` and the method `list`.
 *
 * @throws {TypeError} when an area would shadow a member of the client (`reserved`).
 */
export function buildNamespaces(call: CallEndpoint, reserved: readonly string[]): EndpointNamespaces {
  const areas: Record<string, Record<string, unknown>> = {};
  for (const endpoint of Object.values<WireEndpoint>(endpointTable)) {
    const dot = endpoint.name.indexOf('.');
    const area = endpoint.name.slice(0, dot);
    const method = endpoint.name.slice(dot + 1);
    if (reserved.includes(area)) {
      throw new TypeError(
        `[teamchat-sdk] Endpoint area '${area}' (${endpoint.name}) collides with client.${area}; rename the contract.`,
      );
    }
    areas[area] ??= {};
    areas[area][method] = (params?: Record<string, unknown>, options?: RequestOptions) =>
      call(endpoint, params, options);
  }
  for (const methods of Object.values(areas)) Object.freeze(methods);
  return areas as unknown as EndpointNamespaces;
}
