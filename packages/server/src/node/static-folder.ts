import { existsSync } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import type { StaticFiles } from '../rest/web-app.js';

/**
 * The files of a folder as the REST handler's {@link StaticFiles} port: a name that would lead
 * out of the folder (`..`, an absolute path, a link pointing outside) reads as missing. Files
 * below `static/` are content-hashed and never change: they are kept in memory once read.
 */
export function staticFolder(folder: string): StaticFiles {
  const root = resolve(folder);
  let realRoot: Promise<string> | undefined;
  const cached = new Map<string, Uint8Array>();
  return {
    async read(name) {
      const hit = cached.get(name);
      if (hit) return hit;
      const path = resolve(root, name);
      if (!path.startsWith(root + sep)) return null;
      try {
        realRoot ??= realpath(root);
        const real = await realpath(path);
        if (!real.startsWith((await realRoot) + sep)) return null;
        const bytes = new Uint8Array(await readFile(real));
        if (name.startsWith('static/')) cached.set(name, bytes);
        return bytes;
      } catch {
        return null;
      }
    },
  };
}

/**
 * The built web app of the installed `@teamchat/web` (its `dist/`, once built), or null when the
 * package is not installed or has no build: the server then serves no web app.
 */
export function webAppFolder(): string | null {
  try {
    const manifest = createRequire(import.meta.url).resolve('@teamchat/web/package.json');
    const dist = join(dirname(manifest), 'dist');
    return existsSync(join(dist, 'index.html')) ? dist : null;
  } catch {
    return null;
  }
}
