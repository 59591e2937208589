import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rmdir, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { FileStore } from '../core/index.js';
import { errorCode, syncDirectory, writeAll } from '../store/disk/durable-io.js';

/** Where the uploaded files of the store in `dataFile` live: a directory beside it. */
export function uploadsDirOf(dataFile: string): string {
  return `${resolve(dataFile)}.uploads`;
}

/** Permission bits of uploaded files: private to the server's user, like the data file. */
const FILE_MODE = 0o600;

/** Prefix of the temporary file a `put` writes in the upload's own directory before renaming it. */
const TMP_PREFIX = '.tmp-';

/** The directories from `first` (the first one `mkdir` created) down to `leaf`, top first. */
function createdDirectories(first: string | undefined, leaf: string): string[] {
  if (first === undefined) return [];
  const dirs: string[] = [];
  for (let dir = leaf; dir.length >= first.length; dir = dirname(dir)) dirs.unshift(dir);
  return dirs;
}

/** Removes `dirs` deepest first while they are empty (another upload may be using one). */
async function removeEmpty(dirs: readonly string[]): Promise<void> {
  for (const dir of [...dirs].reverse()) {
    try {
      await rmdir(dir);
    } catch {
      return;
    }
  }
}

/** Everything below `base`, recursively; nothing when it does not exist yet. */
async function entriesOf(base: string): Promise<Dirent[]> {
  try {
    return await readdir(base, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return [];
    throw error;
  }
}

/** The full path of a directory entry. */
function pathOf(entry: Dirent): string {
  return join(entry.parentPath ?? entry.path, entry.name);
}

/**
 * The reference server's file store: one file per upload under `root`
 * (`<root>/<path_id>`). `put` is durable when it resolves (temporary file, fsync, rename,
 * directory fsync), so a committed attachment record always finds its file.
 *
 * @see https://zulip.com/api/upload-file
 */
export function createDiskFileStore(root: string): FileStore {
  const base = resolve(root);
  /** The file of `pathId`, or `undefined` for a path ID that would leave `base`. */
  const fileOf = (pathId: string): string | undefined => {
    const parts = pathId.split('/');
    if (
      parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\') || part.includes('\0'))
    )
      return undefined;
    const file = join(base, ...parts);
    return file.startsWith(base + sep) ? file : undefined;
  };
  const invalid = (pathId: string) => new Error(`[teamchat-server] invalid upload path ID: ${JSON.stringify(pathId)}`);

  let rootSynced = false;

  return {
    async put(pathId, bytes) {
      const file = fileOf(pathId);
      if (!file) throw invalid(pathId);
      const dir = dirname(file);
      const created = createdDirectories(await mkdir(dir, { recursive: true }), dir);
      // Named apart from the file: a name near the length limit leaves no room for a suffix.
      const tmp = join(dir, `${TMP_PREFIX}${randomBytes(8).toString('hex')}`);
      try {
        const handle = await open(tmp, 'wx', FILE_MODE);
        try {
          await writeAll(handle, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(tmp, file);
        // Each new directory's entry lives in its parent: sync those from the first one created
        // down (the root's parent once, in case an earlier run created the root), then the leaf.
        if (!rootSynced) await syncDirectory(dirname(base));
        rootSynced = true;
        for (const createdDir of created) await syncDirectory(dirname(createdDir));
        await syncDirectory(dir);
      } catch (error) {
        await unlink(tmp).catch(() => undefined);
        await removeEmpty(created);
        throw error;
      }
    },
    async get(pathId) {
      const file = fileOf(pathId);
      if (!file) return undefined;
      try {
        const bytes = await readFile(file);
        // A view of the buffer read, not a copy of it.
        return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (errorCode(error) === 'ENOENT' || errorCode(error) === 'EISDIR') return undefined;
        throw error;
      }
    },
    async delete(pathId) {
      const file = fileOf(pathId);
      if (!file) return;
      try {
        await unlink(file);
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return;
        throw error;
      }
      await syncDirectory(dirname(file));
      // Empty directories of the path go too; a concurrent upload into one just fails to remove it.
      await removeEmpty(createdDirectories(join(base, pathId.split('/')[0] as string), dirname(file)));
    },
    async list() {
      const entries = await entriesOf(base);
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => relative(base, pathOf(entry)).split(sep).join('/'));
    },
    async prune() {
      // Deepest first, so a directory emptied by removing its children goes too.
      const dirs = (await entriesOf(base)).filter((entry) => entry.isDirectory()).map(pathOf);
      dirs.sort((a, b) => b.split(sep).length - a.split(sep).length);
      for (const dir of dirs) await rmdir(dir).catch(() => undefined);
    },
  };
}
