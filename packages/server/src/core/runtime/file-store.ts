/**
 * Where the bytes of uploaded files live, by `path_id`; the attachment records (names,
 * owners, links) stay in the store. Platform-neutral: the core and the mock use
 * {@link createMemoryFileStore}, the reference server a store beside its data file.
 *
 * `put` must be durable when it resolves: the attachment record is committed after it.
 *
 * @see https://zulip.com/api/upload-file
 */
export interface FileStore {
  /** Stores `bytes` under `pathId`, replacing any earlier file; the store may keep `bytes` (the caller does not change them afterwards). */
  put(pathId: string, bytes: Uint8Array): Promise<void>;
  /** The bytes stored under `pathId`, or `undefined`. */
  get(pathId: string): Promise<Uint8Array | undefined>;
  /** Removes the file; nothing happens when there is none. */
  delete(pathId: string): Promise<void>;
  /** Every stored path ID (leftovers of interrupted writes included). */
  list(): Promise<string[]>;
  /** Removes empty directories, if the store has any (at start-up, before serving). */
  prune?(): Promise<void>;
}

/**
 * A file store in memory: the default of `createCore`, used by the mock and by tests.
 * Nothing survives the process.
 */
export function createMemoryFileStore(): FileStore {
  const files = new Map<string, Uint8Array>();
  return {
    async put(pathId, bytes) {
      files.set(pathId, bytes);
    },
    async get(pathId) {
      return files.get(pathId);
    },
    async delete(pathId) {
      files.delete(pathId);
    },
    async list() {
      return [...files.keys()];
    },
  };
}
