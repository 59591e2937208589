/**
 * @module @teamchat/schema
 * Zod schemas of the team chat API's resources, one contract per endpoint, the error codes
 * and the wire codec. Every other teamchat package is derived from this table.
 */

// Contracts
export { defineEndpoint } from './define-endpoint.js';
export type {
  Access,
  Endpoint,
  EndpointConfig,
  EndpointInput,
  EndpointParams,
  EndpointResult,
  ParamsSchema,
} from './define-endpoint.js';
export { endpointList, endpoints, incomingEndpoints } from './endpoints/index.js';
export type {
  AreaContractName,
  AreaName,
  EndpointName,
  Endpoints,
  IncomingEndpoint,
  IncomingEndpointName,
  IncomingEndpoints,
} from './endpoints/index.js';
export {
  MessageRetentionDays,
  Principals,
  SubscriptionPropertyChange,
  SubscriptionRequest,
} from './endpoints/channels/index.js';
export { FlagOp, MESSAGE_SEND_TYPES, MessageRecipients, NarrowMatch } from './endpoints/messages/index.js';
export { ProfileDataUpdate } from './endpoints/users/index.js';
export type { DraftInput } from './endpoints/drafts/draft-model.js';
export { WebhookDelivery } from './endpoints/outgoing-webhooks/index.js';
export { API_PREFIX, FEATURE_LEVEL, SERVER_VERSION } from './version.js';

// Older servers on demand
export {
  checkFeatureLevel,
  eventAt,
  FEATURE_RULES,
  hasEndpointAt,
  OLDEST_FEATURE_LEVEL,
  paramsAt,
  responseAt,
  unsupportedParamsAt,
  zulipVersionAt,
} from './versions/at-feature-level.js';
export type { FeatureRule } from './versions/at-feature-level.js';
export { ENDPOINT_LEVELS, EVENT_LEVELS, VERSION_LEVELS } from './versions/feature-levels.js';

// Routing
export { createRouteTable, RouteTable } from './routing/route-table.js';
export type { RouteMatch } from './routing/route-table.js';

// Errors
export { ApiError, hasErrorCode, isApiError } from './errors/api-error.js';
export type { ApiErrorExtra, ApiErrorOptions, ErrorEnvelope } from './errors/api-error.js';
export { ERROR_CODES, httpStatusOf, isErrorCode } from './errors/codes.js';
export type { ErrorCode } from './errors/codes.js';

// Wire codec
export { decodeParams } from './codec/decode-params.js';
export type { DecodeOptions, DecodedParams, WireParams } from './codec/decode-params.js';
export { encodeParams } from './codec/encode-params.js';
export type { EncodedRequest } from './codec/encode-params.js';
export { validationError } from './codec/validation-error.js';
export { encodeParamValue, FileParam, isFileParam, unwrapSchema, wireKindOf, wireParamOf } from './codec/wire-kind.js';
export type { WireKind } from './codec/wire-kind.js';
export type { Direction, HttpMethod, JsonType, WireEndpoint, WireParam } from './codec/wire-endpoint.js';

// OpenAPI
export { openApiDocument } from './openapi/openapi-document.js';
export type { OpenApiDocument, OpenApiOptions } from './openapi/openapi-document.js';

// Resources
export { RealmExport } from './models/realm-export.js';
export { Anchor, ANCHOR_NAMES } from './models/anchor.js';
export { Bot, BotService, OwnBot } from './models/bot.js';
export {
  Channel,
  CHANNEL_GROUP_SETTINGS,
  Subscription,
  SUBSCRIPTION_PROPERTIES,
  SubscriptionProperty,
  TOPICS_POLICIES,
  TopicsPolicy,
} from './models/channel.js';
export type { ChannelGroupSetting } from './models/channel.js';
export { GroupSettingUpdate, GroupSettingValue, openEnum, Role, ROLES, Timestamp, UserId } from './models/common.js';
export { Event } from './models/event.js';

// Events of GET /events
export { AnyServerEvent, EVENT_OPS, isKnownEvent, ServerEvent } from './events/server-event.js';
export type { EventOf, EventType, UnknownEvent } from './events/server-event.js';
export { Invite } from './models/invite.js';
export {
  DirectRecipient,
  EditHistoryEntry,
  Message,
  MESSAGE_FLAGS,
  MessageFlag,
  Reaction,
  REACTION_TYPES,
  ReactionType,
  ReactionTypeInput,
  Submessage,
  TopicLink,
} from './models/message.js';
export { MessageSnapshot } from './models/message-snapshot.js';
export { Narrow, NarrowElement, NarrowOperand } from './models/narrow.js';
export { OutgoingWebhookPayload, OutgoingWebhookReply } from './models/outgoing-webhook-payload.js';
export {
  LegacyPresence,
  LegacyPresenceClient,
  ModernPresence,
  PresenceStatus,
  UserPresence,
} from './models/presence.js';
export {
  Attachment,
  ChannelFolder,
  CodePlayground,
  CustomProfileField,
  Linkifier,
  NavigationView,
  PushRegistration,
} from './models/realm-config.js';
export { ServerSettings } from './models/server-settings.js';
export { Topic } from './models/topic.js';
export { OwnUser, ProfileFieldValue, User } from './models/user.js';
export { UserGroup, USER_GROUP_SETTINGS } from './models/user-group.js';
export type { UserGroupSetting } from './models/user-group.js';
export {
  initialUserSettings,
  isTimeZone,
  LANGUAGE_CODES,
  NOTIFICATION_SOUNDS,
  REALM_DEFAULT_OVERRIDES,
  USER_SETTINGS,
} from './models/user-settings.js';
export type { UserSettingName, UserSettings, UserSettingSpec } from './models/user-settings.js';
