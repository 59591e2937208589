import { open, type FileHandle } from 'node:fs/promises';

/** Writes all of `data` at the handle's position (or at the end for an `a` handle), looping over short writes; resolves with the bytes written. */
export async function writeAll(handle: FileHandle, data: string | Buffer): Promise<number> {
  const buffer = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let offset = 0;
  while (offset < buffer.length) {
    const { bytesWritten } = await handle.write(buffer, offset, buffer.length - offset);
    offset += bytesWritten;
  }
  return buffer.length;
}

/**
 * Makes the entries of `dir` durable (a created, renamed or deleted file), as POSIX requires
 * after `rename` before the new name can be trusted to survive a power loss.
 */
export async function syncDirectory(dir: string): Promise<void> {
  // Windows cannot open or fsync a directory, and its renames are durable once done.
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The `code` of a Node.js system error (`ENOENT`, `EEXIST`, …), if it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The message of anything thrown. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
