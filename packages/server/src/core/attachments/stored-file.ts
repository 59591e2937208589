import type { Context } from '../runtime/context.js';
import type { DbTx } from '../model/db.js';

/**
 * Makes `bytes` durable at `path` in the file store, then commits `write`, which records a
 * pointer to it: a record never points at a missing file. When the transaction is refused or
 * undone the file goes again; when the commit itself could not be made durable it stays (the
 * journal may still hold the record, and the orphan sweep at the next start removes the file
 * if it does not). Uploads, custom emoji and avatars are stored this way.
 */
export async function writeWithStoredFile<T>(
  ctx: Pick<Context<'files' | 'store'>, 'files' | 'store'>,
  path: string,
  bytes: Uint8Array,
  write: (db: DbTx) => T,
): Promise<T> {
  await ctx.files.put(path, bytes);
  try {
    return await ctx.store.write(write);
  } catch (error) {
    if (!ctx.store.failed && !ctx.store.unavailable) await ctx.files.delete(path).catch(() => undefined);
    throw error;
  }
}
