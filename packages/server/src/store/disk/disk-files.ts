import { resolve } from 'node:path';

/** The files that make up one disk store, all beside the data file. */
export interface DiskFiles {
  /** The snapshot: one JSON document. */
  data: string;
  /** Transactions committed since the snapshot, one JSON line each. */
  journal: string;
  /** The journal being folded into a new snapshot; present only during (or after a crash in) a compaction. */
  compacting: string;
  /** The next snapshot while it is being written; renamed over `data` once complete. */
  tmp: string;
  /** `{ pid, startedAt, host }` of the process that owns the data file. */
  lock: string;
}

/** The paths of the files of the store kept in `dataFile` (made absolute). */
export function diskFiles(dataFile: string): DiskFiles {
  const data = resolve(dataFile);
  return {
    data,
    journal: `${data}.journal`,
    compacting: `${data}.journal.compacting`,
    tmp: `${data}.tmp`,
    lock: `${data}.lock`,
  };
}

/**
 * Permission bits of the snapshot and the journal: they hold API keys and password hashes,
 * so only the server's user may read them.
 */
export const DATA_FILE_MODE = 0o600;
