import type { OptionTable, OptionValues } from './option-table.js';

/**
 * A command of a teamchat binary (`teamchat-server`, `teamchat-mock`, `teamchat-server
 * outbox`): its options, its help and what it does. {@link runCommand} turns it into a
 * commander program; nothing else parses the command line.
 *
 * To add an option, add one entry to the command's option table and read it in `run`. To
 * add a subcommand, write its spec (in a file of its own) and add it to `subcommands`.
 */
export interface CommandSpec<TTable extends OptionTable = OptionTable> {
  /** The word that runs it: the binary's name, or the subcommand's. */
  readonly name: string;
  /** One line: the top of its `--help`, and its entry in the parent's list of commands. */
  readonly summary: string;
  /** Paragraphs under the summary in `--help`. */
  readonly description?: string;
  readonly options: TTable;
  /** Command lines shown under `Examples:` in `--help`. */
  readonly examples?: readonly string[];
  /** Text after the examples in `--help` (where to read more). */
  readonly footer?: string;
  readonly subcommands?: readonly CommandSpec[];
  /**
   * Does the work. Throw {@link UsageError} for a wrong command line that the table cannot
   * see (options that exclude each other): exit 2. Any other error ends the command with its
   * message on one line and exit 1. A server resolves once it listens; the process then
   * lives until it is stopped.
   */
  run(values: OptionValues<TTable>): Promise<void> | void;
}

/** Declares a command (the identity, for type inference of `run`'s values). */
export function defineCommand<const TTable extends OptionTable>(spec: CommandSpec<TTable>): CommandSpec<TTable> {
  return spec;
}

/**
 * A wrong command line: an unknown option or command, a bad value, options that exclude each
 * other. The binary prints it on one line (with a pointer to `--help` when `helpOf` names the
 * command) and exits 2, the usage-error code of `teamchat` too.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  /** The command line whose `--help` explains the right form (`teamchat-server outbox`), if any. */
  readonly helpOf: string | undefined;

  constructor(message: string, options: { helpOf?: string } = {}) {
    super(message);
    this.helpOf = options.helpOf;
  }
}
