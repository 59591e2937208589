import { hostname } from 'node:os';
import { acquireDataLock, type DataLock, type LockOwner, type LockState } from './data-lock.js';
import type { DiskFiles } from './disk-files.js';
import { errorMessage } from './durable-io.js';
import { takeKernelClaim, type KernelClaim } from './kernel-claim.js';

/** The answer of a check that found the lock file held. */
const HELD: Promise<void> = Promise.resolve();

/** Thrown by every write of a store whose claim was lost: another process may own the files now. */
export class ClaimLostError extends Error {
  override readonly name = 'ClaimLostError';
}

/** Where a claim reports: a lock file written again (warning), the claim lost (error). */
interface ClaimLog {
  warn(message: string): void;
  error(message: string): void;
}

/** Options of {@link claimStore}. */
export interface ClaimOptions {
  log: ClaimLog;
  /**
   * Use the kernel-held claim where the platform has one (default true). Off, the lock file
   * alone guards the store, as on platforms without one; tests use it to exercise that path.
   */
  kernelClaim?: boolean;
  /** How often an idle store checks its claim, in milliseconds (default 2000; 0: never). */
  watchMs?: number;
}

/**
 * One process's ownership of a store: the kernel-held claim (where the platform has one) and the
 * lock file. Every acknowledged write and every file replacement is preceded by {@link check}.
 */
export interface StoreClaim {
  readonly owner: LockOwner;
  /** Whether the kernel holds the claim (Linux), beside the lock file. */
  readonly kernelHeld: boolean;
  /** The error once the claim is lost, else null. */
  readonly lost: ClaimLostError | null;
  /**
   * Resolves while this process owns the store; rejects with {@link ClaimLostError} (for good)
   * once its lock file was replaced, or deleted without a kernel claim to vouch for it. A lock
   * file deleted while the kernel claim is held is written again. The answer comes from a look
   * at the lock file made during the call (a call while a lock file is being written again
   * waits for the next look).
   */
  check(): Promise<void>;
  /** Calls `listener` once when the claim is lost (by a check before a write, or by the periodic one). */
  onLost(listener: (error: ClaimLostError) => void): void;
  /** Gives the store back: removes the lock file if it is still ours, ends the kernel claim. */
  release(): Promise<void>;
  /** Ends the claim as a crash would, leaving the lock file behind (tests). */
  abandon(): Promise<void>;
}

/**
 * Claims the store of `files` for this process, or refuses with an error naming the data file
 * and the holder's pid. First the kernel claim (an abstract socket named after the data file's
 * real path, released by the kernel when the process dies, which no `rm` can take away), then
 * the lock file `<data>.lock` (the claim on platforms without a kernel claim, and what an
 * operator reads). While it runs, the claim is checked before each acknowledged write and every
 * `watchMs`: a lost claim is logged once and every later write refused (fail closed).
 */
export async function claimStore(files: DiskFiles, options: ClaimOptions): Promise<StoreClaim> {
  const { log } = options;
  const holder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  const kernel: KernelClaim | null = options.kernelClaim === false ? null : await takeKernelClaim(files.data, holder);
  let lock: DataLock;
  try {
    lock = await acquireDataLock({
      lockFile: files.lock,
      dataFile: files.data,
      onStale: log.warn,
      claimHeld: kernel !== null,
    });
  } catch (error) {
    await kernel?.release();
    throw error;
  }
  let lost: ClaimLostError | null = null;
  const listeners: ((error: ClaimLostError) => void)[] = [];

  const loseClaim = (what: string): ClaimLostError => {
    if (lost) return lost;
    lost = new ClaimLostError(
      `[teamchat-server] lost the claim on ${files.data}: its lock file ${files.lock} ${what}. ` +
        'Another server may be using this data file: this one refuses every write from now on and writes no snapshot; stop it.',
    );
    log.error(lost.message);
    for (const listener of listeners) listener(lost);
    return lost;
  };
  /** What follows a look that did not find the lock file held: write it again, or lose the claim. */
  const afterLook = async (state: Exclude<LockState, 'held'>): Promise<void> => {
    if (state === 'missing' && kernel) {
      if (await lock.recreate()) {
        log.warn(
          `[teamchat-server] the lock file ${files.lock} was deleted while this server holds ${files.data}; wrote it again`,
        );
        return;
      }
      throw loseClaim('was deleted, and another process created it again');
    }
    throw loseClaim(
      state === 'missing' ? 'was deleted (and this platform has no kernel-held claim)' : 'was replaced by another',
    );
  };
  /** A check whose look found something else than a held lock file and has not ended yet. */
  let checking: Promise<void> | null = null;
  /** A check queued behind the running one, shared by the callers that came while it ran. */
  let queued: Promise<void> | null = null;
  const check = (): Promise<void> => {
    if (lost) return Promise.reject(lost);
    if (!checking) {
      // The look is made now, during the call (`DataLock.verify`): after everything the caller
      // made durable before calling. A held lock file, the usual answer, settles it at once.
      let state: LockState;
      try {
        state = lock.verify();
      } catch (error) {
        return Promise.reject(error);
      }
      if (state === 'held') return HELD;
      checking = afterLook(state).finally(() => {
        checking = null;
      });
      return checking;
    }
    // The running check (writing the lock file again) looked before this call: a fresh look
    // is made once it ends.
    queued ??= checking
      .catch(() => {})
      .then(() => {
        queued = null;
        return check();
      });
    return queued;
  };

  const watchMs = options.watchMs ?? 2000;
  const timer =
    watchMs > 0
      ? setInterval(() => {
          if (!lost)
            check().catch((error: unknown) => {
              if (!(error instanceof ClaimLostError))
                log.warn(`[teamchat-server] cannot check the lock file ${files.lock}: ${errorMessage(error)}`);
            });
        }, watchMs).unref()
      : null;

  let ended = false;
  const end = async () => {
    if (ended) return;
    ended = true;
    if (timer) clearInterval(timer);
    // The lock file goes only if it is still ours.
    await lock.release();
    await kernel?.release();
  };
  return {
    owner: lock.owner,
    kernelHeld: kernel !== null,
    get lost() {
      return lost;
    },
    check,
    onLost(listener) {
      listeners.push(listener);
      if (lost) listener(lost);
    },
    release: end,
    async abandon() {
      if (ended) return;
      ended = true;
      if (timer) clearInterval(timer);
      await kernel?.release();
    },
  };
}
