import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { StoreDocument } from '../types.js';
import { DATA_FILE_MODE } from './disk-files.js';
import { documentChunks } from './document-chunks.js';
import { errorMessage } from './durable-io.js';

/**
 * What `<data>.control` holds while a server runs on the store: where its backup channel
 * listens (a loopback port) and the key that opens it. The file is readable by the server's
 * user only, like the data file: whoever can read it could read the data anyway.
 */
export interface ControlFile {
  pid: number;
  port: number;
  key: string;
}

/** The path of the control file of the data file `dataFile`. */
export function controlFileOf(dataFile: string): string {
  return `${dataFile}.control`;
}

/** What a control file says, or null when there is none (no server runs) or it cannot be read. */
export async function readControl(file: string): Promise<ControlFile | null> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as Partial<ControlFile>;
    return Number.isInteger(value.port) && typeof value.key === 'string' ? (value as ControlFile) : null;
  } catch {
    return null;
  }
}

/** The first line of an answer on the channel: the backup's sequence number and how long writes waited for it, or why not. */
export type ChannelAnswer = { ok: true; seq: number; pausedMs: number } | { ok: false; error: string };

/**
 * Another operation the channel serves (`operator`: the operator's requests to the running
 * server): it gets the request's `args` and answers a JSON value, sent as `{ok: true, result}`
 * on one line; a thrown error is sent as `{ok: false, error}`.
 */
export type ChannelOperation = (args: unknown) => Promise<unknown>;

/** The answer line of a {@link ChannelOperation}. */
export type OperationAnswer = { ok: true; result: unknown } | { ok: false; error: string };

/** The longest request line the channel reads. */
const MAX_REQUEST = 1024;
/** How long a connection may take to send its request. */
const REQUEST_TIMEOUT_MS = 5000;

/** The running end of a backup channel. */
export interface BackupChannel {
  /** Serves `op` (not `backup`) with `operation` from now on. */
  serve(op: string, operation: ChannelOperation): void;
  /** Stops listening and removes the control file (if it is still this channel's). */
  close(): Promise<void>;
}

/**
 * Opens the backup channel of a running store: a TCP listener on 127.0.0.1 (loopback only: the
 * data never crosses a network) whose port and a fresh random key go to `<data>.control`
 * (mode 0600). A client (`teamchat-server backup`) reads that file, connects and sends one line
 * `{"op":"backup","key":"…"}`; the server answers a line {@link ChannelAnswer} and then the
 * document — taken by `snapshot()` at one sequence number, writes paused only meanwhile — in
 * the snapshot layout, with its checksums, so a cut stream is noticed. A wrong key gets an
 * error line and nothing else.
 *
 * Why not the store's own files: a copy of them misses what the journal holds or races a
 * compaction; why not the API port: it may face the internet, and serves other users.
 */
export async function openBackupChannel(
  dataFile: string,
  snapshot: () => Promise<{ document: StoreDocument; pausedMs: number }>,
  log: { warn(message: string): void },
): Promise<BackupChannel> {
  const key = randomBytes(32).toString('hex');
  const expected = Buffer.from(key);
  const operations = new Map<string, ChannelOperation>();
  const server: Server = createServer((socket) => {
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    let request = '';
    const onData = (chunk: Buffer) => {
      request += chunk.toString('utf8');
      const newline = request.indexOf('\n');
      if (newline === -1 && request.length <= MAX_REQUEST) return;
      socket.off('data', onData);
      socket.setTimeout(0);
      void answer(socket, request.slice(0, newline === -1 ? MAX_REQUEST : newline));
    };
    socket.on('data', onData);
  });
  const answer = async (socket: Socket, line: string): Promise<void> => {
    let parsed: { op?: unknown; key?: unknown; args?: unknown } = {};
    try {
      parsed = JSON.parse(line) as typeof parsed;
    } catch {
      // answered below
    }
    const given = Buffer.from(typeof parsed.key === 'string' ? parsed.key : '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      socket.end(
        `${JSON.stringify({ ok: false, error: `wrong key: read it from ${controlFileOf(dataFile)}` } satisfies ChannelAnswer)}\n`,
      );
      return;
    }
    const operation = typeof parsed.op === 'string' ? operations.get(parsed.op) : undefined;
    if (operation) {
      const answered = await operation(parsed.args).then(
        (result): OperationAnswer => ({ ok: true, result }),
        (error: unknown): OperationAnswer => ({ ok: false, error: errorMessage(error) }),
      );
      if (!socket.destroyed) socket.end(`${JSON.stringify(answered)}\n`);
      return;
    }
    if (parsed.op !== 'backup') {
      const served = ['backup', ...operations.keys()].map((op) => `"${op}"`).join(', ');
      socket.end(
        `${JSON.stringify({ ok: false, error: `unknown operation (the channel serves ${served})` } satisfies ChannelAnswer)}\n`,
      );
      return;
    }
    try {
      const { document, pausedMs } = await snapshot();
      await send(socket, `${JSON.stringify({ ok: true, seq: document.seq, pausedMs } satisfies ChannelAnswer)}\n`);
      for (const chunk of documentChunks(document)) await send(socket, chunk);
      socket.end();
    } catch (error) {
      if (!socket.destroyed)
        socket.end(`${JSON.stringify({ ok: false, error: errorMessage(error) } satisfies ChannelAnswer)}\n`);
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref();
  const file = controlFileOf(dataFile);
  const control: ControlFile = { pid: process.pid, port: (server.address() as AddressInfo).port, key };
  try {
    await writeFile(`${file}.tmp`, `${JSON.stringify(control)}\n`, { mode: DATA_FILE_MODE });
    await rename(`${file}.tmp`, file);
  } catch (error) {
    server.close();
    log.warn(`[teamchat-server] no online backup for ${dataFile}: cannot write ${file} (${errorMessage(error)})`);
    return { serve() {}, close: async () => {} };
  }
  let closed: Promise<void> | null = null;
  return {
    serve(op, operation) {
      operations.set(op, operation);
    },
    close() {
      closed ??= (async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        const current = await readFile(file, 'utf8').catch(() => '');
        if (current.includes(key)) await unlink(file).catch(() => {});
      })();
      return closed;
    },
  };
}

/** Writes `data` to `socket`, waiting while its buffer is full. */
function send(socket: Socket, data: string | Uint8Array): Promise<void> {
  if (socket.destroyed) return Promise.reject(new Error('the client went away'));
  if (socket.write(data)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const drained = () => {
      socket.off('close', gone);
      resolve();
    };
    const gone = () => {
      socket.off('drain', drained);
      reject(new Error('the client went away'));
    };
    socket.once('drain', drained);
    socket.once('close', gone);
  });
}
