import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { exportOrganization, type Db } from '../core/index.js';
import { messagesOf, populateOrganization, POPULATE_END, type PopulateSize } from '../populate/populate-organization.js';
import { Store } from '../store/store.js';
import { writeFixtureFile } from './fixture-files.js';

/** Help of `teamchat-server populate`. */
const POPULATE_HELP = `Usage: teamchat-server populate --size SIZE --out FILE [--random-seed N]

Generates a lived-in organization (people in every role, bots, groups, channels in folders,
months of messages with every kind of Markdown, reactions, edits, moved and resolved topics,
unread state, drafts, scheduled messages, custom emoji, linkifiers, uploads) through the API's
own rules, and writes it as an organization fixture: start a server on it with --seed FILE.
The same size and seed give a byte-identical file.

Options:
  --size SIZE       small (2,000 messages), medium (100,000), large (1,000,000), or a number
  --out FILE        the fixture file to write (YAML for .yaml/.yml, JSON otherwise)
  --random-seed N   seed of every random choice (default 1)
  -h, --help        show this help
`;

/** `--size`/`--populate`: a named size or a number of messages. */
export function populateSize(value: string): PopulateSize {
  const size: PopulateSize = /^\d+$/.test(value) ? Number(value) : (value as PopulateSize);
  messagesOf(size);
  return size;
}

/** `--random-seed`: a non-negative integer. */
export function randomSeedOption(value: string | undefined): number {
  if (value === undefined) return 1;
  if (!/^\d+$/.test(value) || Number(value) > 0xffff_ffff) throw new Error(`--random-seed must be an integer from 0 to 4294967295, got '${value}'`);
  return Number(value);
}

/**
 * `teamchat-server populate`: writes a generated organization to a fixture file. Returns the
 * line to print.
 *
 * @throws {Error} one line: a bad option, an unwritable file.
 */
export async function populateCommand(argv: string[]): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: { size: { type: 'string' }, out: { type: 'string' }, 'random-seed': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) return POPULATE_HELP.trimEnd();
  if (values.size === undefined || values.out === undefined) throw new Error(`populate needs --size and --out\n\n${POPULATE_HELP}`);
  const size = populateSize(values.size);
  const randomSeed = randomSeedOption(values['random-seed']);
  const started = performance.now();
  const { document } = await populateOrganization({ size, randomSeed, end: POPULATE_END });
  const fixture = exportOrganization(new Store<Db>(document));
  const out = resolve(values.out);
  await writeFixtureFile(out, fixture);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `Wrote a generated organization (${fixture.users?.length ?? 0} users, ${fixture.channels?.length ?? 0} channels, ${fixture.messages?.length ?? 0} messages, seed ${randomSeed}) to ${out} in ${seconds} s`;
}
