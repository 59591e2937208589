import type { ClientPlugin } from '../core/plugin.js';
import { ResponseValidationError } from '../errors/response-validation-error.js';

/**
 * Checks each success body against the contract's response schema and returns the parsed
 * value. Response schemas are loose objects with open enums, so fields and enum values
 * added by newer servers pass; a missing or mistyped field throws `ResponseValidationError`.
 */
export function validateResponsesPlugin(): ClientPlugin {
  return (next) => async (context) => {
    const result = await next(context);
    const parsed = context.endpoint.response.safeParse(result.data);
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
