import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { backupStore } from '../store/disk/backup-store.js';
import { recoverStore } from '../store/disk/recover-store.js';
import { formatVerification, verifyStore } from '../store/disk/verify-store.js';

const DEFAULT_DATA = '.teamchat/data.json';

const HELP = {
  verify: `Usage: teamchat-server verify [--data FILE]

Checks a store without starting it (or while a server runs on it): every line of the
snapshot and every journal record against its checksum, the snapshot's layout, and the
journal replayed. Changes nothing. Exits 0 when the store is intact, 1 when it is damaged
(the first damaged record of each file is named, with its byte offset).

Options:
  --data FILE     the data file (default ${DEFAULT_DATA})
  -h, --help      show this help
`,
  recover: `Usage: teamchat-server recover --data FILE [--to-record N]

Writes a repaired copy of a damaged store beside it (FILE without .json, plus
.recovered.json) and a report of what was lost (.recovered.txt); the original files are
never changed. The copy holds the snapshot's intact lines and the journal's records up to
the first damaged one (or up to record N of the damaged journal, as verify numbers them).
Check it, then start a server on it with --data.

Options:
  --data FILE       the damaged data file
  --to-record N     keep records 1 to N of the damaged journal at most
  -h, --help        show this help
`,
  backup: `Usage: teamchat-server backup --data FILE --out BACKUP.json

Writes a consistent copy of the store (every transaction up to one sequence number) to
BACKUP.json. While a server runs on FILE, the copy comes from it over its backup channel
(a loopback port and key in FILE.control, readable by its user only) and its writes wait
only while the copy is taken in memory (a few milliseconds); otherwise it is read from the
files. BACKUP.json is a data file: start a server on it with --data, or a new data file
with --seed.

Options:
  --data FILE     the data file (default ${DEFAULT_DATA})
  --out FILE      where the backup goes (replaced atomically when it exists)
  -h, --help      show this help
`,
};

/** The subcommands of `teamchat-server` that work on a store's files. */
export type StoreCommandName = keyof typeof HELP;

/** Whether `name` is one of the {@link StoreCommandName}s. */
export function isStoreCommand(name: string | undefined): name is StoreCommandName {
  return name !== undefined && Object.hasOwn(HELP, name);
}

/**
 * Runs `teamchat-server verify|recover|backup ARGS`: what to print and the exit code (1: the
 * store is damaged). Throws an `Error` with one line for the operator.
 */
export async function storeCommand(name: StoreCommandName, argv: string[]): Promise<{ output: string; exitCode: number }> {
  const { values } = parseArgs({
    args: argv,
    options: { data: { type: 'string' }, out: { type: 'string' }, 'to-record': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) return { output: HELP[name], exitCode: 0 };
  const allowed: Record<StoreCommandName, string[]> = { verify: ['data'], recover: ['data', 'to-record'], backup: ['data', 'out'] };
  for (const option of ['out', 'to-record'] as const) {
    if (values[option] !== undefined && !allowed[name].includes(option)) throw new Error(`${name} takes no --${option} (see teamchat-server ${name} --help)`);
  }
  const dataFile = resolve(values.data ?? DEFAULT_DATA);
  if (name === 'verify') {
    const verification = await verifyStore(dataFile);
    return { output: formatVerification(verification), exitCode: verification.ok ? 0 : 1 };
  }
  if (name === 'recover') {
    if (values.data === undefined) throw new Error('recover needs --data FILE (the damaged data file)');
    const toRecord = values['to-record'];
    if (toRecord !== undefined && !/^\d+$/.test(toRecord)) throw new Error(`--to-record must be a record number (0 or more), got '${toRecord}'`);
    const recovery = await recoverStore(dataFile, toRecord === undefined ? {} : { toRecord: Number(toRecord) });
    return { output: `${recovery.report}Report written to ${recovery.reportFile}\n`, exitCode: 0 };
  }
  if (values.out === undefined) throw new Error('backup needs --out FILE (where the backup goes)');
  const backup = await backupStore(dataFile, values.out);
  const how = backup.pausedMs === null ? 'no server runs on it: read from its files' : `from the running server; its writes waited ${backup.pausedMs.toFixed(1)} ms`;
  return { output: `Backed up ${dataFile} at seq ${backup.seq} to ${backup.file} (${backup.bytes} bytes; ${how})\n`, exitCode: 0 };
}
