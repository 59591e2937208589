import { resolve } from 'node:path';
import { defineCommand } from '../command-line/command-spec.js';
import { integerValue } from '../command-line/option-table.js';
import { recoverStore } from '../store/disk/recover-store.js';

/** `teamchat-server recover`: a repaired copy of a damaged store beside it, and a report of what was lost. */
export const recoverCommand = defineCommand({
  name: 'recover',
  summary: 'write a repaired copy of a damaged store beside it, with a report of what was lost',
  description:
    "Writes FILE without .json plus .recovered.json (the snapshot's intact lines and the\njournal's records up to the first damaged one, or up to record N of the damaged journal\nas verify numbers them) and .recovered.txt (each record left out). The original files are\nnever changed. Check the copy with verify, then start a server on it with --data.",
  options: {
    data: { flags: '--data <file>', help: 'the damaged data file', default: '.teamchat/data.json' },
    toRecord: {
      flags: '--to-record <n>',
      help: 'keep records 1 to N of the damaged journal at most',
      parse: integerValue(),
    },
  },
  examples: [
    'teamchat-server recover --data .teamchat/data.json',
    'teamchat-server recover --data .teamchat/data.json --to-record 41',
  ],
  async run(values) {
    const recovery = await recoverStore(
      resolve(values.data),
      values.toRecord === undefined ? {} : { toRecord: values.toRecord },
    );
    process.stdout.write(`${recovery.report}Report written to ${recovery.reportFile}\n`);
  },
});
