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

// The command-line kit of the teamchat binaries (teamchat-server, teamchat-mock): a command's
// option table gives its parsing (commander), its help and its typed values.
export { defineCommand, UsageError } from './command-line/command-spec.js';
export type { CommandSpec } from './command-line/command-spec.js';
export { integerValue } from './command-line/option-table.js';
export type { OptionEntry, OptionValues } from './command-line/option-table.js';
export { runCommand } from './command-line/run-command.js';
export { listenOptions } from './command-line/listen-options.js';
export { packageVersion } from './command-line/package-version.js';
export { stopOnSignals } from './command-line/stop-on-signals.js';
