import { endpoints, type Endpoint } from '@teamchat/schema';

const table: Readonly<Record<string, Endpoint>> = endpoints;

/**
 * The contract named `target` (or `target` itself), checked to be callable: an `outgoing`
 * contract describes what the server sends to an integration and has no SDK method.
 */
export function resolveEndpoint(target: string | Endpoint): Endpoint {
  const endpoint = typeof target === 'string' ? (Object.hasOwn(table, target) ? table[target] : undefined) : target;
  if (!endpoint) {
    throw new TypeError(`[teamchat-sdk] Unknown endpoint '${String(target)}'; endpoint names are the keys of the endpoints table of @teamchat/schema.`);
  }
  if (endpoint.direction === 'outgoing') {
    throw new TypeError(`[teamchat-sdk] ${endpoint.name} describes what the server sends to an integration; it cannot be called.`);
  }
  return endpoint;
}
