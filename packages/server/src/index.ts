/**
 * @module @teamchat/server
 * The teamchat reference server: a platform-neutral core (domain logic, tRPC router, event
 * queues) behind a REST handler, served by node:http over a JSON-file store.
 */

// Core
export { createCore } from './core/create-core.js';
export type { AppRouter, Core, CoreOptions } from './core/create-core.js';
export { defaultServerConfig, silentLogger } from './core/model/context.js';
export type { Context, Logger, RequestInfo, ServerConfig, Services } from './core/model/context.js';
export type { Db, DbStore } from './core/model/db.js';
export { createMemoryFileStore } from './core/model/file-store.js';
export type { FileStore } from './core/model/file-store.js';
export { removeOrphanFiles } from './core/attachments/remove-orphan-files.js';
export { seedDemoOrganization } from './core/seed/demo-organization.js';
export type { DemoAccount, DemoOptions, DemoRole } from './core/seed/demo-organization.js';
export { seededRandomBytes } from './core/internal/seeded-random.js';

// HTTP
export { createRestHandler } from './rest/rest-handler.js';
export type { FetchHandler, RestHandlerOptions } from './rest/rest-handler.js';
export { errorResponse, internalErrorResponse } from './rest/envelope.js';
export { createMemoryServer } from './memory.js';
export type { MemoryServer, MemoryServerOptions } from './memory.js';

// Store
export { Store, Transaction } from './store/store.js';
export type { StoreDocument } from './store/types.js';
