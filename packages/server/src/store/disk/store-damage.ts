/**
 * A line of a store file that fails its checksum or breaks the file's layout: thrown at load
 * (the store refuses to start) and by `verify`. The message is one line naming the file, the
 * record (the line's number) and its byte offset.
 */
export class StoreDamageError extends Error {
  override readonly name = 'StoreDamageError';

  constructor(
    /** The damaged file. */
    readonly file: string,
    /** Number of the damaged line (a journal record, or a line of the snapshot), from 1. */
    readonly record: number,
    /** Byte offset of the line's start in the file. */
    readonly byte: number,
    /** What is wrong with it. */
    readonly problem: string,
  ) {
    super(
      `[teamchat-server] ${file} is damaged at record ${record} (byte ${byte}): ${problem}; nothing was modified. ${advice(file, record)}`,
    );
  }
}

function advice(file: string, record: number): string {
  const data = file.replace(/\.journal(\.compacting)?$/, '');
  return file === data
    ? `Restore a backup, or let teamchat-server recover --data ${data} write a repaired copy without the damaged records`
    : `Restore a backup, or let teamchat-server recover --data ${data} --to-record ${record - 1} write a repaired copy with the records before it`;
}

/** Whether `error` is a {@link StoreDamageError} (also across copies of this module). */
export function isStoreDamage(error: unknown): error is StoreDamageError {
  return error instanceof Error && error.name === 'StoreDamageError';
}
