import type { FileHandle } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { checkLineWith } from './line-checksum.js';

/** A snapshot is read in chunks of about this size, each cut after its last line break. */
export const CHUNK_BYTES = 1024 * 1024;

/** {@link LineChunk.seals}: the line's checksum matched its bytes. */
export const SEALED = 1;
/** {@link LineChunk.seals}: the line's checksum does not match its bytes: it is damaged. */
export const DAMAGED_SEAL = 2;

/**
 * Whole lines of a file: `buffer[0, end)`, `count` lines, line `i` starting at `starts[i]`
 * (its newline, or `end`, closes it), its checksum found as `seals[i]` (0: the line has none;
 * {@link SEALED}, {@link DAMAGED_SEAL}). The checksum member of
 * a sealed record line, with the comma before it, is blanked out with spaces: a run of record
 * lines is then JSON as it stands. `filled`: the bytes held, `end` and the unfinished line
 * after it. `last`: the file ends with this chunk.
 */
export interface LineChunk {
  buffer: Buffer;
  end: number;
  filled: number;
  count: number;
  starts: Float64Array;
  seals: Uint8Array;
  last: boolean;
}

/** Where a reader takes its chunks from, in file order. */
export interface LineChunks {
  next(): Promise<LineChunk>;
  /** The reader is done with `chunk` (its buffer may be reused). */
  release(chunk: LineChunk): void;
  close(): Promise<void>;
}

/** Per line: where it starts, and its seal; grown as needed. */
interface LineTable {
  starts: Float64Array;
  seals: Uint8Array;
}

/**
 * Finds the lines of `buffer[0, end)` into `table` and checks each one's checksum with
 * `check` (`checkLineWith`, and `crc` null: only the member's shape), blanking the member of a
 * record line whose checksum matched. Returns the number of lines.
 *
 * Self-contained, with its constants inline: its source also runs in the worker of
 * {@link workerLineChunks}.
 */
export function scanLines(
  check: typeof checkLineWith,
  crc: ((data: Uint8Array) => number) | null,
  buffer: Buffer,
  end: number,
  table: LineTable,
): number {
  let count = 0;
  for (let start = 0; start < end; count += 1) {
    let newline = buffer.indexOf(0x0a, start);
    if (newline === -1 || newline >= end) newline = end;
    if (count === table.starts.length) {
      const starts = new Float64Array(count * 2);
      starts.set(table.starts);
      table.starts = starts;
      const seals = new Uint8Array(count * 2);
      seals.set(table.seals);
      table.seals = seals;
    }
    table.starts[count] = start;
    const member = newline > start ? check(crc, buffer, start, newline) : -1;
    table.seals[count] = member === -2 ? 2 : member === -1 ? 0 : 1;
    // A record line `{…,"~crc":"xxxxxxxx"}` (a comma after it but the last): the member (17
    // bytes) and the comma before it become spaces. Other sealed lines (the header, a user's
    // rows) are left as they are.
    if (member >= 0 && buffer[start] === 0x7b && buffer[member - 1] === 0x2c) {
      const tail = buffer[newline - 1] === 0x2c ? 2 : 1;
      if (member + 17 === newline - tail) buffer.fill(0x20, member - 1, member + 17);
    }
    start = newline + 1;
  }
  return count;
}

/**
 * Chunks read from `handle` on this thread, each line's checksum checked here with `crc`
 * (null: only the member's shape is checked).
 */
export function fileLineChunks(handle: FileHandle, crc: ((data: Uint8Array) => number) | null): LineChunks {
  let buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let filled = 0;
  /** Where the lines handed out last ended (their bytes are moved out once released). */
  let handedOut = 0;
  const table: LineTable = { starts: new Float64Array(1024), seals: new Uint8Array(1024) };
  return {
    async next() {
      if (filled === buffer.length) {
        // One line longer than the buffer: only a record with very large content.
        const larger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(larger, 0, 0, filled);
        buffer = larger;
      }
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null);
      filled += bytesRead;
      const end = bytesRead === 0 ? filled : buffer.lastIndexOf(0x0a, filled - 1) + 1;
      const count = scanLines(checkLineWith, crc, buffer, end, table);
      handedOut = end;
      return { buffer, end, filled, count, starts: table.starts, seals: table.seals, last: bytesRead === 0 };
    },
    release() {
      buffer.copy(buffer, 0, handedOut, filled);
      filled -= handedOut;
      handedOut = 0;
    },
    async close() {},
  };
}

/** A chunk as the worker of {@link workerLineChunks} posts it (its arrays transferred). */
interface PostedChunk {
  buffer: ArrayBuffer;
  end: number;
  filled: number;
  count: number;
  starts: Float64Array<ArrayBuffer>;
  seals: Uint8Array<ArrayBuffer>;
  last: boolean;
}

/**
 * The body of the worker of {@link workerLineChunks}: reads the file open as `fd` in chunks,
 * finds the lines and checks their checksums ({@link scanLines}), and posts each chunk, its
 * buffer transferred. At most `ahead` buffers are out at a time: the reader sends each back
 * once done with it. Self-contained (its source is the worker's script).
 */
function chunkWorkerMain(check: typeof checkLineWith, scan: typeof scanLines): void {
  const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
  const { crc32: crc } = process.getBuiltinModule('node:zlib');
  const fs = process.getBuiltinModule('node:fs');
  const { fd, chunkBytes, ahead } = workerData as { fd: number; chunkBytes: number; ahead: number };
  const port = parentPort as NonNullable<typeof parentPort>;
  const free: ArrayBuffer[] = [];
  let made = 0;
  let wake: (() => void) | null = null;
  port.on('message', (returned: ArrayBuffer) => {
    free.push(returned);
    wake?.();
  });
  const bufferOf = async (size: number): Promise<Buffer> => {
    for (;;) {
      const at = free.findIndex((candidate) => candidate.byteLength >= size);
      if (at >= 0) return Buffer.from(free.splice(at, 1)[0] as ArrayBuffer);
      if (made < ahead || free.length > 0) {
        // A buffer too small for a long line is let go for a larger one.
        if (free.length > 0) free.shift();
        else made += 1;
        return Buffer.from(new ArrayBuffer(size));
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  };
  const table: { starts: Float64Array<ArrayBuffer>; seals: Uint8Array<ArrayBuffer> } = {
    starts: new Float64Array(4096),
    seals: new Uint8Array(4096),
  };
  let position = 0;
  let carry = Buffer.alloc(0);
  const run = async (): Promise<void> => {
    for (;;) {
      const buffer = await bufferOf(Math.max(2 * chunkBytes, carry.length + chunkBytes));
      carry.copy(buffer, 0);
      let filled = carry.length;
      const read = fs.readSync(fd, buffer, filled, chunkBytes, position);
      position += read;
      filled += read;
      const end = read === 0 ? filled : buffer.lastIndexOf(0x0a, filled - 1) + 1;
      const count = scan(check, crc, buffer, end, table);
      carry = Buffer.from(buffer.subarray(end, filled));
      const chunk: PostedChunk = {
        buffer: buffer.buffer as ArrayBuffer,
        end,
        filled,
        count,
        starts: table.starts.slice(0, count),
        seals: table.seals.slice(0, count),
        last: read === 0,
      };
      port.postMessage(chunk, [chunk.buffer, chunk.starts.buffer, chunk.seals.buffer]);
      if (read === 0) break;
    }
  };
  // A failure rejects unhandled, which stops the worker with an 'error' for the reader.
  void run().then(() => port.close());
}

/**
 * Chunks read from `handle` on a worker thread (another core), which also finds their lines
 * and checks every checksum: this thread is left only the decoding and parsing. At start-up
 * that takes the reading and the checksums (of a million messages: ~0.3 s of this thread's
 * time and the second read of the file a checksum-only worker made) off the time to the first
 * answer.
 */
export function workerLineChunks(handle: FileHandle): LineChunks {
  const worker = new Worker(`(${chunkWorkerMain.toString()})(${checkLineWith.toString()}, ${scanLines.toString()})`, {
    eval: true,
    workerData: { fd: handle.fd, chunkBytes: CHUNK_BYTES, ahead: 3 },
  });
  const waiting: PostedChunk[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  worker.on('message', (chunk: PostedChunk) => {
    waiting.push(chunk);
    wake?.();
  });
  worker.once('error', (error) => {
    failure = error;
    wake?.();
  });
  worker.once('exit', (code) => {
    failure ??= new Error(`the snapshot reader's worker stopped (exit code ${code})`);
    wake?.();
  });
  return {
    async next() {
      while (waiting.length === 0) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
      const chunk = waiting.shift() as PostedChunk;
      return { ...chunk, buffer: Buffer.from(chunk.buffer) };
    },
    release(chunk) {
      if (!chunk.last) worker.postMessage(chunk.buffer.buffer, [chunk.buffer.buffer as ArrayBuffer]);
    },
    async close() {
      await worker.terminate();
    },
  };
}
