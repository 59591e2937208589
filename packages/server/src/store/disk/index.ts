/**
 * The durable disk store of the reference server: a lowdb JSON snapshot plus a journal with
 * group commit, owned by one process through a lock file. Node only.
 *
 * @module
 */

// Opening a store
export { openDiskStore } from './open-disk-store.js';
export type { DiskStore, DiskStoreOptions, DiskStoreStats } from './open-disk-store.js';
