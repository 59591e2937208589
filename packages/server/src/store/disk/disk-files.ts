import { readlink, realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { errorCode } from './durable-io.js';

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

/** How many symbolic links {@link realDataPath} follows before giving up (as the OS's ELOOP). */
const MAX_LINKS = 40;

/**
 * The real path of a data file: symbolic links (of the file and of its directories) resolved,
 * so that a link and its target name one store, and the snapshot replaces the target (the link
 * stays a link). A file that does not exist yet resolves through its directory; a dangling link
 * to where it will be created.
 */
export async function realDataPath(dataFile: string): Promise<string> {
  let path = resolve(dataFile);
  for (let hops = 0; hops <= MAX_LINKS; hops += 1) {
    try {
      return await realpath(path);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
    }
    let target: string;
    try {
      target = await readlink(path);
    } catch {
      // Not a link: a new file, in a directory that may itself be reached through links.
      const dir = await realpath(dirname(path)).catch(() => dirname(path));
      return join(dir, basename(path));
    }
    path = resolve(dirname(path), target);
  }
  throw new Error(`[teamchat-server] too many symbolic links while resolving ${dataFile}`);
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
