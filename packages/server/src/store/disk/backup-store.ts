import { open, rename, stat, unlink } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { dirname, resolve } from 'node:path';
import { controlFileOf, readControl, type ChannelAnswer, type ControlFile } from './backup-channel.js';
import { DATA_FILE_MODE, diskFiles, realDataPath } from './disk-files.js';
import { errorCode, errorMessage, syncDirectory, writeAll } from './durable-io.js';
import { readDiskStore } from './read-disk-store.js';
import { SnapshotFile } from './snapshot-file.js';

/** What {@link backupStore} wrote. */
export interface Backup {
  /** The backup: a data file (snapshot layout, checksums) a server starts on (`--data`, `--seed`). */
  file: string;
  /** The sequence number it is consistent at: every transaction up to it, none after. */
  seq: number;
  bytes: number;
  /** How long the running server held its writes for the backup, or null when no server ran (read from the files). */
  pausedMs: number | null;
}

/**
 * Writes a consistent copy of the store kept in `dataFile` to `out`. While a server runs on it,
 * the copy comes from the server over its backup channel (see `openBackupChannel`): the whole
 * store at one sequence number, writes paused only while it is taken in memory. Without a
 * server, it is read from the files (the snapshot and the journals replayed). The copy is
 * written to `<out>.tmp`, checked (checksums, layout, sequence number), fsynced and renamed
 * over `out`; the store's files are never changed.
 *
 * @throws {Error} one line: `out` is a file of the store, the server refused, the copy did not check.
 */
export async function backupStore(dataFile: string, out: string): Promise<Backup> {
  const files = diskFiles(await realDataPath(dataFile));
  const target = resolve(out);
  const own = new Set(Object.values(files));
  if (own.has(target) || own.has(await realDataPath(target)))
    throw new Error(`[teamchat-server] ${out} is a file of the store itself: back it up to another file`);
  const control = await readControl(controlFileOf(files.data));
  if (control) {
    const online = await fromServer(control, target).catch((error: unknown) => {
      // A control file left by a server that died: nobody listens. Anything else is the server's answer.
      if (errorCode(error) === 'ECONNREFUSED') return null;
      throw error;
    });
    if (online) return online;
  }
  const store = await readDiskStore(files.data);
  const document = store.snapshot();
  await new SnapshotFile(target).write(document);
  return { file: target, seq: document.seq, bytes: (await stat(target)).size, pausedMs: null };
}

/** Asks the server of `control` for a backup and writes it to `target`. */
async function fromServer(control: ControlFile, target: string): Promise<Backup> {
  const tmp = `${target}.tmp`;
  const handle = await open(tmp, 'w', DATA_FILE_MODE);
  let answer: ChannelAnswer | null = null;
  try {
    const socket = createConnection({ host: '127.0.0.1', port: control.port });
    socket.write(`${JSON.stringify({ op: 'backup', key: control.key })}\n`);
    let head = Buffer.alloc(0);
    for await (const chunk of socket as AsyncIterable<Buffer>) {
      if (answer) {
        await writeAll(handle, chunk);
        continue;
      }
      head = Buffer.concat([head, chunk]);
      const newline = head.indexOf(0x0a);
      if (newline === -1) continue;
      answer = JSON.parse(head.toString('utf8', 0, newline)) as ChannelAnswer;
      if (!answer.ok) throw new Error(`[teamchat-server] the server refused the backup: ${answer.error}`);
      await writeAll(handle, head.subarray(newline + 1));
    }
    if (!answer?.ok) throw new Error('[teamchat-server] the server closed the backup channel without an answer');
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(tmp).catch(() => {});
    throw error;
  }
  await handle.close();
  // The stream carries the snapshot layout: checksums and record counts show a cut or damaged copy.
  const copy = await new SnapshotFile(tmp).read().catch(async (error: unknown) => {
    await unlink(tmp).catch(() => {});
    throw new Error(`[teamchat-server] the backup did not check: ${errorMessage(error)}`);
  });
  if (copy?.seq !== answer.seq) {
    await unlink(tmp).catch(() => {});
    throw new Error(`[teamchat-server] the backup did not check: seq ${String(copy?.seq)} instead of ${answer.seq}`);
  }
  await rename(tmp, target);
  await syncDirectory(dirname(target));
  return { file: target, seq: answer.seq, bytes: (await stat(target)).size, pausedMs: answer.pausedMs };
}
