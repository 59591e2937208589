import type { Redactor } from '../core/create-redactor.js';
import type { ClientPlugin } from '../core/plugin.js';
import type { RequestInfo } from '../core/request-info.js';
import { IgnoredParametersError } from '../errors/ignored-parameters-error.js';

/** Receives the names the server listed in `ignored_parameters_unsupported`. */
export type IgnoredParametersHook = (names: readonly string[], request: RequestInfo) => void;

/** Options of the ignored-parameters plugin. */
export interface IgnoredParametersOptions {
  /** Throw `IgnoredParametersError` instead of calling `onIgnoredParameters`. */
  strict: boolean;
  onIgnoredParameters: IgnoredParametersHook;
  /** Redacts the processed result an `IgnoredParametersError` carries (`fetchApiKey` answers an API key). */
  redactor: Redactor;
}

/**
 * The default `onIgnoredParameters`: one `console.warn` naming the request and the
 * parameters, since a silently ignored parameter is usually a typo or a server too old for
 * it. Pass `hooks.onIgnoredParameters: () => {}` to silence it.
 */
export const warnIgnoredParameters: IgnoredParametersHook = (names, request) => {
  console.warn(
    `[teamchat-sdk] ${request.method} ${request.path}: the server ignored unsupported parameters ${names.join(', ')}. ` +
      'Check their spelling and the server feature level (client.featureLevel()).',
  );
};

/**
 * Surfaces `ignored_parameters_unsupported`: calls the hook, or in strict mode throws, both
 * before sending (parameters the contract does not know) and after the server reports some.
 */
export function ignoredParametersPlugin(options: IgnoredParametersOptions): ClientPlugin {
  return (next) => async (context) => {
    if (options.strict) {
      const { endpoint } = context;
      const aliases = endpoint.aliases ?? {};
      // Own keys only (`constructor` is no parameter), and an `undefined` value is not sent.
      const unknown = Object.entries(context.params)
        .filter(
          ([name, value]) =>
            value !== undefined && !Object.hasOwn(endpoint.wire, name) && !Object.hasOwn(aliases, name),
        )
        .map(([name]) => name);
      if (unknown.length > 0) {
        // The contract's template, not the encoded path: encoding would fail on a missing path parameter.
        throw new IgnoredParametersError({
          names: unknown,
          request: { endpoint: endpoint.name, method: endpoint.method, path: endpoint.path },
        });
      }
    }
    const result = await next(context);
    const ignored = result.data['ignored_parameters_unsupported'];
    if (Array.isArray(ignored) && ignored.length > 0) {
      const names = ignored.map(String);
      if (options.strict) {
        const redacted = options.redactor.json(result.data) as Record<string, unknown>;
        throw new IgnoredParametersError({ names, request: result.request, result: redacted });
      }
      options.onIgnoredParameters(names, result.request);
    }
    return result;
  };
}
