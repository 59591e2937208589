import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { CliError } from './cli-error.js';

/**
 * The file a `NAME=@PATH` argument names, as a `File` with the path's base name: what a
 * file parameter (`uploads.upload file=@notes.txt`) sends. The `@` is required, so a
 * value is never read from disk by accident.
 *
 * @throws {CliError} (usage) without the `@`, or when the file cannot be read.
 */
export function readFileArgument(name: string, text: string): File {
  if (!text.startsWith('@') || text.length === 1) {
    throw new CliError('usage', `'${name}' is a file: write ${name}=@PATH`, {
      hint: `teamchat call uploads.upload ${name}=@./notes.txt`,
    });
  }
  const path = text.slice(1);
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new CliError('usage', `cannot read '${path}' for '${name}' (${reason})`);
  }
  return new File([new Uint8Array(bytes)], basename(path));
}
