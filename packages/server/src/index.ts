/**
 * @module @teamchat/server
 * The teamchat reference server: a platform-neutral core (contracts' handlers, domain logic,
 * event queues) behind two transports (REST, and tRPC at /trpc), served by node:http over a
 * JSON-file store.
 */

// Core
export {
  createCore,
  createMemoryFileStore,
  defaultRateLimits,
  defaultServerConfig,
  outboxEmails,
  removeOrphanFiles,
  seedChannelMessages,
  seedDemoOrganization,
  seededRandomBytes,
  silentLogger,
} from './core/index.js';
export type {
  ChannelMessagesSeed,
  Context,
  Core,
  CoreOptions,
  Db,
  DbStore,
  DemoAccount,
  DemoOptions,
  DemoRole,
  EmailRecord,
  EventEntry,
  JournalEntry,
  RequestEntry,
  FileStore,
  HttpSender,
  OperatorAnswer,
  OperatorRequest,
  OperatorRole,
  OrganizationFixtureInput,
  SeedOptions,
  Logger,
  OutboundRequest,
  OutboundResult,
  OutboxQuery,
  RateLimitRule,
  RateLimitRules,
  RequestInfo,
  ServerConfig,
  Services,
} from './core/index.js';

// Organization fixtures
export {
  demoFixture,
  exportOrganization,
  FIXTURE_FORMAT,
  FixtureError,
  OrganizationFixture,
  parseFixture,
  seedOrganization,
} from './core/index.js';

// Generated organizations
export { messagesOf, populateOrganization, POPULATE_END, POPULATE_SIZES } from './populate/populate-organization.js';
export type { PopulatedOrganization, PopulateOptions, PopulateSize } from './populate/populate-organization.js';
export { coreTrafficPort, trafficAccountsOf } from './populate/core-traffic-port.js';

// HTTP
export { createRestHandler } from './rest/rest-handler.js';
export type { AppRouter } from './trpc/trpc-handler.js';
export type { ConnectionInfo, FetchHandler, RestHandler, RestHandlerOptions } from './rest/rest-handler.js';
export type { SiteMethod, SiteRoute } from './rest/site-router.js';
export type { StaticFiles } from './rest/web-app.js';
export { errorResponse, internalErrorResponse } from './rest/envelope.js';

// Assembly
export { assembleCore, assembleServer } from './assemble-server.js';
export type { AssembledServer, AssembleOptions } from './assemble-server.js';
export { createMemoryServer } from './memory.js';
export type { MemoryServer, MemoryServerOptions } from './memory.js';

// Push bouncer (platform-neutral; `teamchat-push-bouncer` serves it over node:http)
export { createPushBouncer } from './push-bouncer/push-bouncer.js';
export type { PushBouncer, PushBouncerOptions } from './push-bouncer/push-bouncer.js';
export type { BouncerDevice, BouncerNotification, BouncerState } from './push-bouncer/bouncer-state.js';

// Store
export { Store, Transaction } from './store/store.js';
export type { StoreDocument } from './store/types.js';
