import { readFile, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';

/** A fixture file that cannot be read or parsed: the message is one line naming the file. */
export class FixtureFileError extends Error {
  override readonly name = 'FixtureFileError';
}

const isYaml = (path: string) => /^\.ya?ml$/i.test(extname(path));

/** The YAML library, loaded on first use: a server that reads no YAML fixture starts without it. */
const yaml = () => import('yaml');

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
  const parse: (text: string) => unknown = isYaml(path) ? (await yaml()).parse : JSON.parse;
  try {
    return parse(text);
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
  const text = isYaml(path)
    ? (await yaml()).stringify(fixture, { lineWidth: 0 })
    : `${JSON.stringify(fixture, null, 2)}\n`;
  try {
    await writeFile(path, text, { mode: 0o600 });
  } catch (error) {
    throw new FixtureFileError(`cannot write ${path} (${error instanceof Error ? error.message : String(error)})`);
  }
}
