import { open, readFile, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { errorCode, errorMessage } from './durable-io.js';

/** What a lock file holds: who owns the data file. */
export interface LockOwner {
  pid: number;
  /** ISO timestamp of when the owner took the lock. */
  startedAt: string;
  host: string;
}

/** A lock held on a data file; `release()` removes the lock file if it is still ours. */
export interface DataLock {
  readonly file: string;
  readonly owner: LockOwner;
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
}

const ATTEMPTS = 5;
/** How long a lock file may stay empty or garbled before it counts as stale: its writer may be mid-write. */
const GARBLED_WAIT_MS = 100;

/**
 * Takes the lock beside a data file: creates the lock file exclusively (`wx`), or takes over a
 * stale one whose process is no longer running (after a crash or `kill -9`). Refuses with a clear
 * error when a live process holds it, including this very process.
 */
export async function acquireDataLock(options: AcquireDataLockOptions): Promise<DataLock> {
  const { lockFile, dataFile } = options;
  const owner: LockOwner = { pid: process.pid, startedAt: new Date().toISOString(), host: hostname() };
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    if (await tryCreate(lockFile, owner)) return heldLock(lockFile, owner);
    const holder = await readOwner(lockFile);
    if (holder === 'missing') continue;
    if (holder === 'garbled' && attempt < 3) {
      await new Promise((resolve) => setTimeout(resolve, GARBLED_WAIT_MS));
      continue;
    }
    if (holder !== 'garbled' && isAlive(holder)) {
      const where = holder.host === owner.host ? '' : ` on host ${holder.host}`;
      throw new Error(
        `[teamchat-server] ${dataFile} is in use by another teamchat-server (pid ${holder.pid}${where}); ` +
          `stop it first or use another --data file`,
      );
    }
    const who = holder === 'garbled' ? 'it is unreadable' : `pid ${holder.pid} is not running`;
    options.onStale?.(`[teamchat-server] taking over the stale lock ${lockFile} (${who})`);
    await unlink(lockFile).catch((error: unknown) => {
      if (errorCode(error) !== 'ENOENT') throw error;
    });
  }
  throw new Error(`[teamchat-server] could not take the lock ${lockFile}: other processes keep creating it; try again`);
}

async function tryCreate(lockFile: string, owner: LockOwner): Promise<boolean> {
  let handle;
  try {
    handle = await open(lockFile, 'wx');
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw new Error(`[teamchat-server] cannot create the lock file ${lockFile} (${errorMessage(error)}); check the directory's permissions`);
  }
  try {
    await handle.writeFile(`${JSON.stringify(owner)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
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
      return { pid: value.pid as number, host: value.host, startedAt: String(value.startedAt) };
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

function heldLock(file: string, owner: LockOwner): DataLock {
  let released = false;
  return {
    file,
    owner,
    async release() {
      if (released) return;
      released = true;
      // Only remove the file if it is still ours: a stale-lock takeover may have replaced it.
      const holder = await readOwner(file);
      if (holder !== 'missing' && holder !== 'garbled' && holder.pid === owner.pid && holder.startedAt === owner.startedAt) {
        await unlink(file).catch(() => {});
      }
    },
  };
}
