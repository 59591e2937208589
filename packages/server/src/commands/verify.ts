import { resolve } from 'node:path';
import { defineCommand } from '../command-line/command-spec.js';
import { formatVerification, verifyStore } from '../store/disk/verify-store.js';

/** `teamchat-server verify`: checks a store's checksums and layout without starting it. */
export const verifyCommand = defineCommand({
  name: 'verify',
  summary: "check the checksums and layout of a store's files without starting it",
  description:
    "Every line of the snapshot and every journal record against its checksum, the snapshot's\nlayout, and the journal replayed; nothing is changed, and a server may run on the file.\nExits 0 when the store is intact, 1 when it is damaged (the first damaged record of each\nfile is named, with its byte offset).",
  options: {
    data: { flags: '--data <file>', help: 'the data file', default: '.teamchat/data.json' },
  },
  examples: ['teamchat-server verify --data .teamchat/data.json'],
  async run(values) {
    const verification = await verifyStore(resolve(values.data));
    process.stdout.write(formatVerification(verification));
    if (!verification.ok) process.exitCode = 1;
  },
});
