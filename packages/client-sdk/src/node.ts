/**
 * @module @teamchat/client-sdk/node
 * Node-only configuration: resolve the connection settings like the official Python client
 * (explicit options, `ZULIP_*` environment variables, zuliprc file) and create clients
 * from them. The client itself, its types and errors come from `@teamchat/client-sdk`.
 */

// Configuration from the environment and zuliprc files
export { createClientFromEnv, createClientFromZuliprc } from './node/create-client-from-config.js';
export type { ClientOverrides } from './node/create-client-from-config.js';
export { resolveConfig } from './node/resolve-config.js';
export type { ResolveConfigOptions } from './node/resolve-config.js';
