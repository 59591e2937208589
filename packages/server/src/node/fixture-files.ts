import { readFile, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse, stringify } from 'yaml';

/** A fixture file that cannot be read or parsed: the message is one line naming the file. */
export class FixtureFileError extends Error {
  override readonly name = 'FixtureFileError';
}

const isYaml = (path: string) => /^\.ya?ml$/i.test(extname(path));

/**
 * Reads an organization fixture file: YAML for `.yaml`/`.yml`, JSON otherwise. Returns the
 * parsed value, to be checked with `parseFixture`.
 *
 * @throws {FixtureFileError} `cannot read FILE (ENOENT: …)`, `FILE is not valid JSON: …`.
 */
export async function readFixtureFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new FixtureFileError(
      `cannot read the fixture ${path} (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  try {
    return isYaml(path) ? (parse(text) as unknown) : (JSON.parse(text) as unknown);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new FixtureFileError(`the fixture ${path} is not valid ${isYaml(path) ? 'YAML' : 'JSON'}: ${reason}`);
  }
}

/**
 * Writes a fixture to `path` (YAML for `.yaml`/`.yml`, JSON otherwise), readable by its owner
 * only: it holds API keys and password hashes.
 */
export async function writeFixtureFile(path: string, fixture: unknown): Promise<void> {
  const text = isYaml(path) ? stringify(fixture, { lineWidth: 0 }) : `${JSON.stringify(fixture, null, 2)}\n`;
  try {
    await writeFile(path, text, { mode: 0o600 });
  } catch (error) {
    throw new FixtureFileError(`cannot write ${path} (${error instanceof Error ? error.message : String(error)})`);
  }
}
