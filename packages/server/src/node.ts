/**
 * @module @teamchat/server/node
 * Node-only parts of the reference server: the HTTP listener, the durable disk store and the
 * uploaded files beside it.
 */
export { consoleLogger } from './node/console-logger.js';
export { nodeHttpSender } from './node/http-sender.js';
export { startPushBouncer } from './node/push-bouncer-server.js';
export type { PushBouncerServerOptions, RunningPushBouncer } from './node/push-bouncer-server.js';
export { defaultTimeouts, listen } from './node/node-server.js';
export type { ListenOptions, RunningServer, ServerTimeouts } from './node/node-server.js';
export { describeListenError } from './node/listen-error.js';
export type { ListenTarget } from './node/listen-error.js';
export { writeZuliprcFiles, zuliprcPath, zuliprcStore, zuliprcText } from './node/zuliprc-files.js';
export type { ZuliprcResult } from './node/zuliprc-files.js';
export { openDiskStore } from './store/disk/index.js';
export type { DiskStore, DiskStoreOptions, DiskStoreStats } from './store/disk/index.js';
export { createDiskFileStore, uploadsDirOf } from './node/disk-file-store.js';
export { FixtureFileError, readFixtureFile, writeFixtureFile } from './node/fixture-files.js';
export { readDiskStore } from './store/disk/read-disk-store.js';
export { staticFolder, webAppFolder } from './node/static-folder.js';
