import type { RequestFunction } from './endpoint-types.js';

/** `client.featureLevel()`. */
export type FeatureLevelFunction = (options?: { signal?: AbortSignal }) => Promise<number>;

/**
 * `client.featureLevel()`: the server's `zulip_feature_level` from GET /server_settings,
 * fetched on the first call and cached (a failed fetch is not cached). Servers too old to
 * report one count as level 0, as in the official Python client.
 */
export function createFeatureLevel(request: RequestFunction): FeatureLevelFunction {
  let cached: Promise<number> | undefined;
  return async (options = {}) => {
    cached ??= request('server.getSettings').then(
      (settings) => (typeof settings.zulip_feature_level === 'number' ? settings.zulip_feature_level : 0),
      (error: unknown) => {
        cached = undefined;
        throw error;
      },
    );
    // One shared fetch; each caller's signal only stops that caller's wait.
    return raceAbort(cached, options.signal);
  };
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as unknown);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as unknown);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
