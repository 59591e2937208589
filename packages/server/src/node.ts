/**
 * @module @teamchat/server/node
 * Node-only parts of the reference server: the HTTP listener, the durable disk store and the
 * uploaded files beside it.
 */
export { consoleLogger } from './http/console-logger.js';
export { listen } from './http/node-server.js';
export type { ListenOptions, RunningServer } from './http/node-server.js';
export { writeZuliprcFiles, zuliprcPath, zuliprcText } from './http/zuliprc-files.js';
export { openDiskStore } from './store/disk/index.js';
export type { DiskStore, DiskStoreOptions, DiskStoreStats } from './store/disk/index.js';
export { createDiskFileStore, uploadsDirOf } from './files/disk-file-store.js';
