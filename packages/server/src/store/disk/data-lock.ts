import { randomBytes } from 'node:crypto';
import { fstatSync, readSync, statSync } from 'node:fs';
import { open, readFile, unlink, type FileHandle } from 'node:fs/promises';
import { hostname } from 'node:os';
import { errorCode, errorMessage } from './durable-io.js';

/** What a lock file holds: who owns the data file. */
export interface LockOwner {
  pid: number;
  /** ISO timestamp of when the owner took the lock. */
  startedAt: string;
  host: string;
  /** Random, per claim: tells this owner's lock file from a later one of the same pid. */
  token: string;
}

/** What {@link DataLock.verify} finds at the lock file's path. */
export type LockState = 'held' | 'missing' | 'replaced';

/** A lock held on a data file. */
export interface DataLock {
  readonly file: string;
  readonly owner: LockOwner;
  /**
   * Whether the lock file at its path is still this one (the same file, kept open so its inode
   * cannot be reused), gone, or another file (another owner's, or written by hand). The look
   * (a `stat` of the path, a read of the open file) is made during the call, on the calling
   * thread: a check before every acknowledged journal write runs it, and sending two system
   * calls of a few microseconds each to the thread pool cost far more than the calls themselves
   * (both threads' CPU, and the hand-offs). Throws on an I/O error other than a missing file.
   */
  verify(): LockState;
  /** Writes the lock file again after it was deleted; false when another file is there by then. */
  recreate(): Promise<boolean>;
  /** Removes the lock file if it is still ours, and closes it. */
  release(): Promise<void>;
}

/** Options of {@link acquireDataLock}. */
export interface AcquireDataLockOptions {
  /** The lock file (`<data>.lock`). */
  lockFile: string;
  /** The data file it protects, named in error messages. */
  dataFile: string;
  /** Told when a stale lock (its process is gone) is taken over. */
  onStale?: (message: string) => void;
  /**
   * True when this process already holds the store's kernel claim: a lock file naming another
   * live process of this host is then stale (its pid was reused), since that process cannot be
   * holding the store.
   */
  claimHeld?: boolean;
}

const ATTEMPTS = 5;
/** More than a lock file's owner line ever takes. */
const LOCK_READ_BYTES = 1024;
/** How long a lock file may stay empty or garbled before it counts as stale: its writer may be mid-write. */
const GARBLED_WAIT_MS = 100;

/**
 * Takes the lock beside a data file: creates the lock file exclusively (`wx`), or takes over a
 * stale one whose process is no longer running (after a crash or `kill -9`). Refuses with a clear
 * error when a live process holds it, including this very process.
 */
export async function acquireDataLock(options: AcquireDataLockOptions): Promise<DataLock> {
  const { lockFile, dataFile } = options;
  const owner: LockOwner = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    host: hostname(),
    token: randomBytes(12).toString('hex'),
  };
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const created = await tryCreate(lockFile, owner);
    if (created) return heldLock(lockFile, owner, created);
    const holder = await readOwner(lockFile);
    if (holder === 'missing') continue;
    if (holder === 'garbled' && attempt < 3) {
      await new Promise((resolve) => setTimeout(resolve, GARBLED_WAIT_MS));
      continue;
    }
    const sameHost = holder !== 'garbled' && holder.host === owner.host;
    if (holder !== 'garbled' && isAlive(holder) && !(sameHost && options.claimHeld && holder.pid !== process.pid)) {
      const where = sameHost ? '' : ` on host ${holder.host}`;
      throw new Error(
        `[teamchat-server] ${dataFile} is in use by another teamchat-server (pid ${holder.pid}${where}); ` +
          `stop it first or use another --data file`,
      );
    }
    const who =
      holder === 'garbled'
        ? 'it is unreadable'
        : isAlive(holder)
          ? `pid ${holder.pid} does not hold the store`
          : `pid ${holder.pid} is not running`;
    options.onStale?.(`[teamchat-server] taking over the stale lock ${lockFile} (${who})`);
    await unlink(lockFile).catch((error: unknown) => {
      if (errorCode(error) !== 'ENOENT') throw error;
    });
  }
  throw new Error(`[teamchat-server] could not take the lock ${lockFile}: other processes keep creating it; try again`);
}

/** Creates the lock file exclusively; its open handle, or null when it exists. */
async function tryCreate(lockFile: string, owner: LockOwner): Promise<FileHandle | null> {
  let handle;
  try {
    handle = await open(lockFile, 'wx+');
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return null;
    throw new Error(
      `[teamchat-server] cannot create the lock file ${lockFile} (${errorMessage(error)}); check the directory's permissions`,
    );
  }
  try {
    await handle.writeFile(`${JSON.stringify(owner)}\n`);
    await handle.sync();
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function readOwner(lockFile: string): Promise<LockOwner | 'missing' | 'garbled'> {
  let text: string;
  try {
    text = await readFile(lockFile, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const value = JSON.parse(text) as Partial<LockOwner> | null;
    if (value && Number.isInteger(value.pid) && typeof value.host === 'string') {
      return {
        pid: value.pid as number,
        host: value.host,
        startedAt: String(value.startedAt),
        token: String(value.token),
      };
    }
  } catch {
    // fall through: garbled
  }
  return 'garbled';
}

/** Whether the lock's owner may still be running. A process on another host cannot be checked, so it counts as alive. */
function isAlive(holder: LockOwner): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return errorCode(error) === 'EPERM';
  }
}

function heldLock(file: string, owner: LockOwner, created: FileHandle): DataLock {
  // The lock file stays open: its inode cannot be reused while it is, so comparing inodes tells
  // this file from any later one.
  let handle: FileHandle | null = created;
  let identity = fstatSync(created.fd);
  let released = false;
  // One buffer for every check: each reads it and is done with it before it returns.
  const readBuffer = Buffer.alloc(LOCK_READ_BYTES);
  const token = Buffer.from(owner.token, 'utf8');
  const verify = (): LockState => {
    if (!handle) return 'replaced';
    const now = statSync(file, { throwIfNoEntry: false });
    if (!now) return 'missing';
    if (now.dev !== identity.dev || now.ino !== identity.ino) return 'replaced';
    // The same file, unless it was rewritten in place: it must still name this owner.
    const bytesRead = readSync(handle.fd, readBuffer, 0, readBuffer.length, 0);
    // The first occurrence of the token, if any, must lie within the bytes just read (what
    // follows them is left from an earlier, longer read).
    const at = readBuffer.indexOf(token);
    return at >= 0 && at + token.length <= bytesRead ? 'held' : 'replaced';
  };
  return {
    file,
    owner,
    verify,
    async recreate() {
      const fresh = await tryCreate(file, owner);
      if (!fresh) return verify() === 'held';
      await handle?.close().catch(() => {});
      handle = fresh;
      identity = fstatSync(fresh.fd);
      return true;
    },
    async release() {
      if (released) return;
      released = true;
      // Only remove the file if it is still ours: another owner may have taken the store.
      let state: LockState = 'replaced';
      try {
        state = verify();
      } catch {
        // unreadable: left alone
      }
      if (state === 'held') await unlink(file).catch(() => {});
      await handle?.close().catch(() => {});
      handle = null;
    },
  };
}
