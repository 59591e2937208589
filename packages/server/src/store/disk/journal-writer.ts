import { constants } from 'node:fs';
import { DATA_FILE_MODE } from './disk-files.js';
import { open, rename, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { errorMessage, syncDirectory, writeAll } from './durable-io.js';

/**
 * How the journal is opened: for appending and, where the platform has it, with `O_DSYNC`, so
 * each write returns once its bytes are durable, as `write` + `fdatasync` would make them, in
 * one request to the thread pool instead of two: under load every round trip the event loop is
 * slow to pick up adds to the time writers wait.
 */
const SYNCED_WRITES = constants.O_DSYNC !== undefined && process.platform !== 'win32';
const JOURNAL_FLAGS =
  constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (SYNCED_WRITES ? constants.O_DSYNC : 0);

/** Counters of a {@link JournalWriter}, for monitoring and tests. */
export interface JournalStats {
  /** Lines made durable. */
  entries: number;
  /** `write` + `fsync` rounds (one `O_DSYNC` write where the platform has it); with group commit, far fewer than entries under load. */
  fsyncs: number;
  /** Rounds that failed (their appends were rejected). */
  failures: number;
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Resolves after the event loop's current turn (its I/O callbacks, and the microtasks they queue). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Checked before lines are acknowledged and before a rotation; throws when they must not be. */
export type JournalGuard = () => Promise<void>;

/** Lines waiting for the same write + fsync; they share one promise. */
interface Batch extends Deferred {
  kind: 'lines';
  lines: string[];
}

/** A journal rotation, queued between the lines that go to the old and to the new file. */
interface Rotation extends Deferred {
  kind: 'rotate';
}

/**
 * The append-only journal with group commit. `append(line)` queues a line and returns a promise
 * that settles once the line is on disk; one flush loop writes every queued line with a single
 * durable `write` (or `write` and `fdatasync`), and lines appended meanwhile wait for the next round. Lines reach the
 * file in the order of the `append` calls.
 *
 * Each batch is durable, then checked (the guard: the store's claim), then acknowledged. Checks
 * run beside the writes (pipelined): while one check runs, the next batches are written; the
 * next check starts once it ends and vouches for every batch durable by then, so a check never
 * covers bytes that were not durable when it started, and one check serves several batches
 * under load. Batches are settled in file order, and none is acknowledged after a failed check.
 *
 * `rotate()` queues a rotation at the current point: lines appended before it go to the current
 * file, which is renamed to `rotatedFile`; lines appended after it go to a new, empty journal.
 */
export class JournalWriter {
  /** Durable size of the current journal file, in bytes. */
  size: number;
  /** Characters queued but not yet written: with `size`, what the journal will soon hold. */
  pendingChars = 0;
  readonly stats: JournalStats = { entries: 0, fsyncs: 0, failures: 0 };
  /**
   * The failed write: every later append is refused with it until {@link resume} (the appends
   * queued behind it are refused with it too: they may depend on it).
   */
  private failure: Error | null = null;
  /** The store's claim on the files was lost: nothing is written any more, for good. */
  private lost = false;
  private readonly queue: (Batch | Rotation)[] = [];
  private draining: Promise<void> | null = null;
  /**
   * Batches written (or refused) and not yet settled, in file order: each waits for a check
   * that starts after it is durable; a refused one carries its error.
   */
  private readonly unsettled: { batch: Batch; error: Error | null }[] = [];
  /** The loop that checks and settles {@link unsettled} (never rejects), or null. */
  private settling: Promise<void> | null = null;
  /** A failed check: the claim is lost. */
  private lostError: Error | null = null;
  /** A failed write may have left part of a batch in the file; cut it before writing again. */
  private dirty = false;
  private closed = false;

  private constructor(
    readonly file: string,
    readonly rotatedFile: string,
    private handle: FileHandle,
    size: number,
    private readonly guard: JournalGuard,
  ) {
    this.size = size;
  }

  /**
   * Opens (or creates) `file` for appending; its directory entry is made durable. `guard` runs
   * after each write + fsync, before the lines are acknowledged, and before each rotation: when
   * it throws, nothing more is acknowledged or written (the store's claim was lost).
   */
  static async open(file: string, rotatedFile: string, guard: JournalGuard = async () => {}): Promise<JournalWriter> {
    const handle = await open(file, JOURNAL_FLAGS, DATA_FILE_MODE);
    try {
      const { size } = await handle.stat();
      await syncDirectory(dirname(file));
      return new JournalWriter(file, rotatedFile, handle, size, guard);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Queues `line` (which ends with a newline); resolves once it is durable, rejects if writing it failed. */
  append(line: string): Promise<void> {
    if (this.closed) return Promise.reject(new Error('[teamchat-server] the journal is closed'));
    if (this.failure) return Promise.reject(this.failure);
    let tail = this.queue.at(-1);
    if (tail?.kind !== 'lines') {
      tail = { kind: 'lines', lines: [], ...deferred() };
      this.queue.push(tail);
    }
    tail.lines.push(line);
    this.pendingChars += line.length;
    this.kick();
    return tail.promise;
  }

  /** Queues a rotation after the lines appended so far; resolves once the new journal is open. */
  rotate(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('[teamchat-server] the journal is closed'));
    const rotation: Rotation = { kind: 'rotate', ...deferred() };
    this.queue.push(rotation);
    this.kick();
    return rotation.promise;
  }

  /**
   * After a failed write, cuts what it may have left after the last durable line and accepts
   * appends again; rejects (and keeps refusing) when that fails, or when the claim was lost.
   */
  async resume(): Promise<void> {
    await this.flush();
    if (!this.failure) return;
    if (this.lost || this.closed) throw this.failure;
    await this.repair();
    this.failure = null;
  }

  /** Resolves once everything queued so far has been written and acknowledged (or has failed). */
  async flush(): Promise<void> {
    // Written, then settled (checked and acknowledged, or refused).
    while (this.draining || this.settling) {
      if (this.draining) await this.draining;
      await this.settled();
    }
  }

  /** Flushes and closes the file; later appends are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    await this.handle.close();
  }

  private kick(): void {
    if (!this.draining) this.draining = this.drain();
  }

  private async drain(): Promise<void> {
    for (;;) {
      // One turn of the event loop first: the requests already read append their lines to the
      // same batch, so they share its write. Under 50 writers (POST /messages) a write took 18
      // lines before, 27 now: fewer writes and fsyncs for the same sends.
      await nextTurn();
      const item = this.queue.shift();
      if (!item) {
        // Cleared in the same synchronous step as the emptiness check, so an append never finds
        // a loop that is about to stop.
        this.draining = null;
        return;
      }
      if (item.kind === 'lines') {
        await this.writeBatch(item);
      } else {
        // A rotation follows the checks of the lines before it (a failed one refuses it).
        await this.settled();
        await this.rotateNow(item);
      }
    }
  }

  /** Resolves once every batch written so far is settled. */
  private async settled(): Promise<void> {
    while (this.settling) await this.settling;
  }

  /** Queues `batch` for settling after the batches before it (`error`: refused with it). */
  private settleInOrder(batch: Batch, error: Error | null): void {
    this.unsettled.push({ batch, error });
    this.startSettling();
  }

  private startSettling(): void {
    if (this.settling) return;
    this.settling = this.settle().then(() => {
      this.settling = null;
      // Queued after the loop's last look.
      if (this.unsettled.length > 0) this.startSettling();
    });
  }

  /**
   * Checks and settles the queued batches, in rounds: each round takes every batch queued so
   * far (all durable already), runs one check, then acknowledges them in order (a refused one
   * is rejected with its error; all are rejected when the check failed).
   */
  private async settle(): Promise<void> {
    while (this.unsettled.length > 0) {
      const round = this.unsettled.splice(0);
      if (!this.lostError && round.some((entry) => entry.error === null)) {
        try {
          await this.guard();
        } catch (error) {
          // Durable but not acknowledged: the files may belong to another process now.
          this.lostError = error instanceof Error ? error : new Error(String(error));
          this.failure = this.lostError;
          this.lost = true;
        }
      }
      for (const { batch, error } of round) {
        if (this.lostError) {
          batch.reject(this.lostError);
        } else if (error) {
          batch.reject(error);
        } else {
          this.stats.entries += batch.lines.length;
          batch.resolve();
        }
      }
    }
  }

  private async writeBatch(batch: Batch): Promise<void> {
    const data = Buffer.from(batch.lines.join(''), 'utf8');
    for (const line of batch.lines) this.pendingChars -= line.length;
    // After a failed write nothing more may reach the file: later entries could depend on the
    // lost ones, and replaying them without those would not rebuild the same state.
    if (this.failure) {
      this.settleInOrder(batch, this.failure);
      return;
    }
    try {
      await this.repair();
      this.dirty = true;
      await writeAll(this.handle, data);
      if (!SYNCED_WRITES) await this.handle.datasync();
      this.dirty = false;
      this.size += data.length;
      this.stats.fsyncs += 1;
    } catch (error) {
      this.stats.failures += 1;
      this.failure = new Error(`[teamchat-server] cannot write the journal ${this.file} (${errorMessage(error)})`, {
        cause: error,
      });
      this.settleInOrder(batch, this.failure);
      return;
    }
    // Durable: checked by the next check to start, while the loop writes the next batch.
    this.settleInOrder(batch, null);
  }

  /** Cuts what a failed write may have left after the last durable line (a full disk can still shrink a file). */
  private async repair(): Promise<void> {
    if (!this.dirty) return;
    await this.handle.truncate(this.size);
    await this.handle.datasync();
    this.dirty = false;
  }

  private async rotateNow(rotation: Rotation): Promise<void> {
    // A snapshot taken with this rotation may hold the writes that failed: it must not replace the data file.
    if (this.failure) {
      rotation.reject(this.failure);
      return;
    }
    try {
      await this.guard();
      await this.repair();
      // The old handle stays open across the rename; it is closed once the new journal exists.
      await rename(this.file, this.rotatedFile);
      let fresh: FileHandle;
      try {
        fresh = await open(this.file, JOURNAL_FLAGS, DATA_FILE_MODE);
      } catch (error) {
        await rename(this.rotatedFile, this.file);
        throw error;
      }
      const old = this.handle;
      this.handle = fresh;
      this.size = 0;
      await old.close().catch(() => {});
      await syncDirectory(dirname(this.file));
      rotation.resolve();
    } catch (error) {
      rotation.reject(
        new Error(`[teamchat-server] cannot rotate the journal ${this.file} (${errorMessage(error)})`, {
          cause: error,
        }),
      );
    }
  }
}
