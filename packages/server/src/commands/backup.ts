import { resolve } from 'node:path';
import { defineCommand, UsageError } from '../command-line/command-spec.js';
import { backupStore } from '../store/disk/backup-store.js';

/** `teamchat-server backup`: a consistent copy of a store, also while a server runs on it. */
export const backupCommand = defineCommand({
  name: 'backup',
  summary: 'write a consistent copy of a store, also while a server runs on it',
  description:
    "The copy holds every transaction up to one sequence number. While a server runs on FILE,\nit comes from the server over its backup channel (a loopback port and key in FILE.control,\nreadable by its user only), and the server's writes wait only while it takes the copy in\nmemory (a few milliseconds); otherwise it is read from the files. The backup is a data\nfile: start a server on it with --data, or a new data file with --seed.",
  options: {
    data: { flags: '--data <file>', help: 'the data file', default: '.teamchat/data.json' },
    out: { flags: '--out <file>', help: 'where the backup goes (replaced atomically when it exists)' },
  },
  examples: ['teamchat-server backup --data .teamchat/data.json --out backup.json'],
  async run(values) {
    if (values.out === undefined)
      throw new UsageError('backup needs --out FILE (where the backup goes)', { helpOf: 'teamchat-server backup' });
    const dataFile = resolve(values.data);
    const backup = await backupStore(dataFile, values.out);
    const how =
      backup.pausedMs === null
        ? 'no server runs on it: read from its files'
        : `from the running server; its writes waited ${backup.pausedMs.toFixed(1)} ms`;
    process.stdout.write(
      `Backed up ${dataFile} at seq ${backup.seq} to ${backup.file} (${backup.bytes} bytes; ${how})\n`,
    );
  },
});
