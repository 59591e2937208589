import type { ClientPlugin } from '../core/plugin.js';
import type { TransportHooks } from '../core/transport.js';
import type { IgnoredParametersHook } from '../plugins/ignored-parameters-plugin.js';
import type { RetryOptions } from '../plugins/retry-plugin.js';

/** Hooks of a client; everything they receive is redacted (no API key, no Authorization). */
export interface ClientHooks extends TransportHooks {
  /**
   * Called when a success response lists `ignored_parameters_unsupported`. Default: one
   * `console.warn` naming the request and the parameters. Pass `() => {}` to silence it,
   * or set `strictParameters: true` to throw instead.
   */
  onIgnoredParameters?: IgnoredParametersHook | undefined;
}

/** Options of the browser-session mode (`session` of {@link ClientOptions}). */
export interface SessionOptions {
  /** The CSRF token sent as `X-CSRFToken`. Default: the `csrftoken` cookie of `document.cookie`. */
  csrfToken?: (() => string | undefined) | undefined;
}

/** Options of {@link createClient}. */
export interface ClientOptions {
  /**
   * Server address, normalised like the official Python client: `chat.example.com` →
   * `https://chat.example.com`, `localhost:9991` → `http://localhost:9991`; a trailing `/`,
   * `/api` or `/api/v1` is tolerated.
   */
  site: string;
  /** Account email for HTTP Basic auth. Omit together with `apiKey` for anonymous calls to public endpoints. */
  email?: string | undefined;
  /** API key for HTTP Basic auth. */
  apiKey?: string | undefined;
  /**
   * Browser-session mode, for a page served by the server itself (its web app): calls go to
   * `<site>/json/…` with the page's session cookie (`credentials: 'same-origin'`) instead of
   * Basic auth, and every request but GET/HEAD carries `X-CSRFToken` from the `csrftoken`
   * cookie, as the real web app sends them. No key is ever held by the page. Pass `true`,
   * or `{ csrfToken }` to read the token elsewhere. Not with `email`/`apiKey`.
   *
   * @example
   * const client = createClient({ site: location.origin, session: true });
   */
  session?: boolean | SessionOptions | undefined;
  /** The fetch implementation. Default: the global `fetch`. */
  fetch?: typeof globalThis.fetch | undefined;
  /** `User-Agent` header (ignored by browsers). Default `TeamchatSDK/<version>`. */
  userAgent?: string | undefined;
  /** Retry policy, or `false` to never retry. Default: 4 attempts, see {@link RetryOptions}. */
  retry?: RetryOptions | false | undefined;
  /**
   * How the client waits before a retry (a 429's `retry-after`, the backoff after a network
   * error or a 5xx): resolves after `ms`, rejects with the abort reason when `signal` aborts.
   * Default: a real timer. `@teamchat/mock`'s `clientOptions()` passes its clock's, so retries
   * against the mock take no real time. `retry.sleep`, when given, wins.
   */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Time limit of each attempt in ms, or `false` for none. Default 60 000. */
  timeoutMs?: number | false | undefined;
  /**
   * Throw `IgnoredParametersError` for parameters the contract does not know (before
   * sending) or the server ignored (after). Default `false` (see `hooks.onIgnoredParameters`).
   */
  strictParameters?: boolean | undefined;
  hooks?: ClientHooks | undefined;
  /**
   * Extra plugins, outermost first; they run once per call, around the built-in ones.
   * Response validation is one: `validateResponses()` of `@teamchat/client-sdk/validate`.
   */
  plugins?: readonly ClientPlugin[] | undefined;
}
