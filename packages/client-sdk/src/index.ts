/**
 * @module @teamchat/client-sdk
 * Typed client of the team chat HTTP API (the Zulip REST API) for Node and browsers: one
 * method per contract of `@teamchat/schema`, typed errors, retries, real-time events and
 * repeat-until-done helpers. Node-only configuration (zuliprc, `ZULIP_*` variables) is in
 * `@teamchat/client-sdk/node`.
 */

// Client
export { createClient } from './client/create-client.js';
export type { Client, ClientCore } from './client/create-client.js';
export type { ClientHooks, ClientOptions, SessionOptions } from './client/client-options.js';
export type {
  AreaMethods,
  ClientEndpointName,
  EndpointArgs,
  EndpointMethod,
  EndpointNamespaces,
  RequestFunction,
  RequestOptions,
} from './client/endpoint-types.js';
export type { FeatureLevelFunction } from './client/feature-level.js';
export { normalizeSite } from './core/normalize-site.js';
export { csrfTokenFromCookie } from './core/browser-session.js';
export { SDK_VERSION } from './version.js';

// Plugins and hooks
export type { CallResult, ClientPlugin, RequestContext, SendRequest } from './core/plugin.js';
export type { RequestInfo, ResponseInfo } from './core/request-info.js';
export type { IgnoredParametersHook } from './plugins/ignored-parameters-plugin.js';
export type { RetryInfo, RetryOptions } from './plugins/retry-plugin.js';
export type { BackoffOptions } from './internal/backoff.js';

// Errors
export { ApiError, hasErrorCode, isApiError } from '@teamchat/schema/wire';
export type { ApiErrorExtra, ErrorCode, WireEndpoint, WireParam } from '@teamchat/schema/wire';
export { IgnoredParametersError, isIgnoredParametersError } from './errors/ignored-parameters-error.js';
export { isNetworkError, NetworkError } from './errors/network-error.js';
export { isResponseValidationError, ResponseValidationError } from './errors/response-validation-error.js';
export type { ResponseValidationReason } from './errors/response-validation-error.js';
export { isTimeoutError, TimeoutError } from './errors/timeout-error.js';
export { ConfigError, isConfigError } from './errors/config-error.js';
export type { ConfigErrorDetails, ConfigErrorReason, RequiredSetting } from './errors/config-error.js';

// Redaction (what hooks, errors and logs see; also for tools that print requests)
export { createRedactor, credentialSecrets, isSecretName, REDACTED, redactParams } from './core/create-redactor.js';
export type { Redactor } from './core/create-redactor.js';

// Real-time events
export { watchEvents } from './helpers/events/watch-events.js';
export { applyEvent } from './helpers/events/apply-event.js';
export type { RegisterReason, RegisterState, WatchedEvent, WatchEventsOptions } from './helpers/events/watch-events.js';
export type { EventOf, EventType, ServerEvent, UnknownEvent } from '@teamchat/schema';
export type { PollRetryInfo } from './internal/retry-until-success.js';

// Repeat-until-done helpers
export { deleteTopicUntilDone } from './helpers/channels/delete-topic-until-done.js';
export type { DeleteTopicOptions, DeleteTopicProgress } from './helpers/channels/delete-topic-until-done.js';
export {
  markNarrowAsRead,
  updateFlagsForNarrowUntilDone,
} from './helpers/messages/update-flags-for-narrow-until-done.js';
export type {
  FlagsForNarrowProgress,
  FlagsForNarrowResult,
  UpdateFlagsForNarrowOptions,
} from './helpers/messages/update-flags-for-narrow-until-done.js';
export { watchPresence } from './helpers/presence/watch-presence.js';
export type {
  OwnPresenceStatus,
  PresenceEntry,
  PresenceUpdate,
  WatchPresenceOptions,
} from './helpers/presence/watch-presence.js';

// Configuration (platform-neutral part)
export { parseZuliprc } from './config/parse-zuliprc.js';
export type { ZuliprcConfig } from './config/parse-zuliprc.js';
export { resolveClientConfig } from './config/resolve-client-config.js';
export type { ConfigLayers, ConfigSource, ExplicitConfig, ResolvedConfig } from './config/resolve-client-config.js';
export { tlsWarning } from './config/tls-warning.js';
