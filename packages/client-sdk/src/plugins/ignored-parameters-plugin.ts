import { encodeParams } from '@teamchat/schema';
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
      const { shape } = context.endpoint.params;
      const aliases = context.endpoint.aliases ?? {};
      const unknown = Object.keys(context.params).filter((name) => !(name in shape) && !Object.hasOwn(aliases, name));
      if (unknown.length > 0) {
        const { method, path } = encodeParams(context.endpoint, { ...context.params });
        throw new IgnoredParametersError({ names: unknown, request: { endpoint: context.endpoint.name, method, path } });
      }
    }
    const result = await next(context);
    const ignored = result.data['ignored_parameters_unsupported'];
    if (Array.isArray(ignored) && ignored.length > 0) {
      const names = ignored.map(String);
      if (options.strict) throw new IgnoredParametersError({ names, request: result.request, result: result.data });
      options.onIgnoredParameters(names, result.request);
    }
    return result;
  };
}
