import { endpoints, type Endpoint } from '@teamchat/schema';
import type { WireEndpoint } from '@teamchat/schema/wire';
import type { ClientPlugin } from '../core/plugin.js';
import { ResponseValidationError } from '../errors/response-validation-error.js';

const contracts: Readonly<Record<string, Endpoint>> = endpoints;

/** The contract behind `endpoint`: the contract object itself, or the table's contract of that name. */
function contractOf(endpoint: WireEndpoint): Endpoint {
  if ('response' in endpoint) return endpoint as Endpoint;
  const contract = Object.hasOwn(contracts, endpoint.name) ? contracts[endpoint.name] : undefined;
  if (!contract)
    throw new TypeError(`[teamchat-sdk] validateResponses: no contract named ${endpoint.name} to validate against.`);
  return contract;
}

/**
 * A plugin that checks each success body against the contract's response schema and
 * returns the parsed value. Response schemas are loose objects with open enums, so fields
 * and enum values added by newer servers pass; a missing or mistyped field throws
 * `ResponseValidationError`. It brings the contracts' zod schemas into a bundle, which is
 * why it lives in its own entry and only runs when passed in `plugins`.
 *
 * @example
 * import { createClient } from '@teamchat/client-sdk';
 * import { validateResponses } from '@teamchat/client-sdk/validate';
 *
 * const client = createClient({ site, email, apiKey, plugins: [validateResponses()] });
 */
export function validateResponses(): ClientPlugin {
  return (next) => async (context) => {
    const result = await next(context);
    const parsed = contractOf(context.endpoint).response.safeParse(result.data);
    if (!parsed.success) {
      throw new ResponseValidationError({
        request: result.request,
        status: result.status,
        reason: 'schema-mismatch',
        issues: parsed.error.issues,
      });
    }
    return { ...result, data: parsed.data as Record<string, unknown> };
  };
}
