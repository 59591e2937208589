/**
 * The durable disk store of the reference server: a lowdb JSON snapshot plus a journal with
 * group commit, owned by one process through a lock file. Node only.
 *
 * @module
 */

// Opening a store
export { openDiskStore, DEFAULT_COMPACT_AFTER_BYTES } from './open-disk-store.js';
export type { DiskStore, DiskStoreOptions, DiskStoreStats } from './open-disk-store.js';
export type { DiskStoreLog } from './disk-persister.js';

// Building blocks (also used by tools that inspect data files)
export { SnapshotFile } from './snapshot-file.js';
export type { SnapshotFileOptions } from './snapshot-file.js';
export { diskFiles } from './disk-files.js';
export type { DiskFiles } from './disk-files.js';
