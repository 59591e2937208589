/**
 * @module @teamchat/server
 * The teamchat reference server: a platform-neutral core (domain logic, tRPC router, event
 * queues) behind a REST handler, served by node:http over a JSON-file store.
 */

// Core
export { createCore, createMemoryFileStore, defaultServerConfig, removeOrphanFiles, seedChannelMessages, seedDemoOrganization, seededRandomBytes, silentLogger } from './core/index.js';
export type {
  AppRouter,
  ChannelMessagesSeed,
  Context,
  Core,
  CoreOptions,
  Db,
  DbStore,
  DemoAccount,
  DemoOptions,
  DemoRole,
  FileStore,
  ImplementedName,
  Logger,
  RequestInfo,
  ServerConfig,
  Services,
} from './core/index.js';

// HTTP
export { createRestHandler, SITE_ROUTES } from './rest/rest-handler.js';
export type { FetchHandler, RestHandler, RestHandlerOptions, SiteRoute } from './rest/rest-handler.js';
export { errorResponse, internalErrorResponse } from './rest/envelope.js';

// Assembly
export { assembleCore, assembleServer } from './assemble-server.js';
export type { AssembledServer, AssembleOptions } from './assemble-server.js';
export { createMemoryServer } from './memory.js';
export type { MemoryServer, MemoryServerOptions } from './memory.js';

// Store
export { Store, Transaction } from './store/store.js';
export type { StoreDocument } from './store/types.js';
