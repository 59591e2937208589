import { resolve } from 'node:path';
import { defineCommand } from '../command-line/command-spec.js';
import { exportOrganization } from '../core/index.js';
import { writeFixtureFile } from '../node/fixture-files.js';
import { populateOrganization, POPULATE_END } from '../populate/populate-organization.js';
import { populateSizeValue, randomSeedValue } from './serve-options.js';

/**
 * `teamchat-server populate`: writes a generated organization to a fixture file, the same
 * file byte for byte for the same size and seed.
 */
export const populateCommand = defineCommand({
  name: 'populate',
  summary: 'write a generated, lived-in organization to a fixture file (start a server on it with --seed)',
  description:
    "People in every role, bots, groups, channels in folders, months of messages with every kind of\nMarkdown, reactions, edits, moved and resolved topics, unread state, drafts, scheduled messages,\ncustom emoji, linkifiers and uploads, made through the API's own rules. The same size and seed\ngive a byte-identical file.",
  options: {
    size: {
      flags: '--size <size>',
      help: 'small (2,000 messages), medium (100,000), large (1,000,000), or a number of messages',
      parse: populateSizeValue,
      default: 'small' as const,
    },
    out: {
      flags: '--out <file>',
      help: 'the fixture file to write (YAML for .yaml/.yml, JSON otherwise)',
      default: 'organization.json',
    },
    randomSeed: { flags: '--random-seed <n>', help: 'seed of every random choice', parse: randomSeedValue, default: 1 },
  },
  examples: [
    'teamchat-server populate --size medium --out org.json --random-seed 7',
    'teamchat-server --data ./qa.json --seed org.json',
  ],
  async run(values) {
    const started = performance.now();
    const { store } = await populateOrganization({
      size: values.size,
      randomSeed: values.randomSeed,
      end: POPULATE_END,
    });
    const fixture = exportOrganization(store);
    const out = resolve(values.out);
    await writeFixtureFile(out, fixture);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Wrote a generated organization (${fixture.users?.length ?? 0} users, ${fixture.channels?.length ?? 0} channels, ${fixture.messages?.length ?? 0} messages, seed ${values.randomSeed}) to ${out} in ${seconds} s\n`,
    );
  },
});
