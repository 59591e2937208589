import { endpoints, type Endpoint } from '@teamchat/schema';

const table: Readonly<Record<string, Endpoint>> = endpoints;

/** Whether a contract is something a client sends (not an outgoing-webhook payload). */
export function isClientEndpoint(endpoint: Endpoint): boolean {
  // Read loosely: the `direction` field may not exist on every contract (or at all).
  return (endpoint as { readonly direction?: unknown }).direction !== 'outgoing';
}

/** The callable contracts of the table, in table order. */
export function clientEndpoints(): Endpoint[] {
  return Object.values(table).filter(isClientEndpoint);
}

/** The contract named `target` (or `target` itself), checked to be callable. */
export function resolveEndpoint(target: string | Endpoint): Endpoint {
  const endpoint = typeof target === 'string' ? (Object.hasOwn(table, target) ? table[target] : undefined) : target;
  if (!endpoint) {
    throw new TypeError(`[teamchat-sdk] Unknown endpoint '${String(target)}'; endpoint names are the keys of the endpoints table of @teamchat/schema.`);
  }
  if (!isClientEndpoint(endpoint)) {
    throw new TypeError(`[teamchat-sdk] ${endpoint.name} describes what the server sends to an integration; it cannot be called.`);
  }
  return endpoint;
}
