import type { WireEndpoint } from '@teamchat/schema/wire';
import type { RequestInfo } from './request-info.js';

/** One call of an endpoint as it travels through the plugins to the transport. */
export interface RequestContext {
  /**
   * The endpoint called: an entry of the SDK's generated table (name, method, path, how each
   * parameter travels), or the contract object passed to `client.request`.
   */
  readonly endpoint: WireEndpoint;
  /** Parameters as the caller passed them (encoded by the transport). */
  readonly params: Readonly<Record<string, unknown>>;
  readonly signal: AbortSignal | undefined;
  /** Time limit of each attempt, or `undefined` for none. */
  readonly timeoutMs: number | undefined;
  /** 1-based attempt number; the retry plugin raises it. */
  readonly attempt: number;
}

/** The outcome of a successful call: the envelope's fields besides `result` and `msg`. */
export interface CallResult {
  readonly data: Record<string, unknown>;
  readonly status: number;
  /** The attempt that succeeded, credentials redacted. */
  readonly request: RequestInfo;
}

/** Sends a call and resolves with its result, or rejects with an SDK error or `ApiError`. */
export type SendRequest = (context: RequestContext) => Promise<CallResult>;

/**
 * A plugin wraps the next step of the chain: it may change the context, repeat the call
 * (retries), or inspect and replace the result (validation). Retries, response validation
 * and the ignored-parameters check are plugins; `createClient({ plugins })` adds more.
 *
 * @example
 * const logTimes: ClientPlugin = (next) => async (context) => {
 *   const started = performance.now();
 *   try { return await next(context); }
 *   finally { console.log(context.endpoint.name, performance.now() - started, 'ms'); }
 * };
 */
export type ClientPlugin = (next: SendRequest) => SendRequest;

/** Wraps `send` in `plugins`, the first plugin outermost. */
export function applyPlugins(send: SendRequest, plugins: readonly ClientPlugin[]): SendRequest {
  return plugins.reduceRight<SendRequest>((next, plugin) => plugin(next), send);
}
