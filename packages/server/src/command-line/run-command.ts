import { Command, CommanderError, Option } from 'commander';
import { UsageError, type CommandSpec } from './command-spec.js';
import type { OptionTable } from './option-table.js';

/** Exit codes of the binaries, as `teamchat`'s (`packages/cli`): 1 a failure, 2 a usage error. */
const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;
/** Stands for a parsed value of null, which commander would turn into `''` (`--rate-limit off`). */
const NULL_VALUE = Symbol('null');
/** Width of `--help` when stdout is not a terminal. */
const HELP_WIDTH = 100;

/** What {@link runCommand} needs besides the spec. */
export interface RunCommandOptions {
  /** What `--version` prints: the package's version. */
  version: string;
  /** The arguments (default: `process.argv` without node and the script). */
  argv?: readonly string[];
}

/**
 * Runs a binary's command line: parses `argv` with commander from the spec's option tables
 * (help, `--version`, subcommands), then the chosen command's `run` with typed values.
 *
 * Every failure is one line on stderr, `<command>: <what>`, never the whole help and never a
 * stack: a wrong command line (`--prot`, `--port abc`, an unknown command; commander's
 * "did you mean" included) exits 2 and points to `--help`; an error of `run` exits 1.
 *
 * @example
 * await runCommand(mockCommand, { version: packageVersion(import.meta.url) });
 */
export async function runCommand(spec: CommandSpec, options: RunCommandOptions): Promise<void> {
  // A reader that stops early (`teamchat-server --help | head`) is no error.
  if (!process.stdout.listeners('error').includes(exitOnEpipe)) process.stdout.on('error', exitOnEpipe);
  const program = buildCommand(spec, spec.name);
  program.version(options.version, '-V, --version', 'print the version and exit');
  try {
    await program.parseAsync([...(options.argv ?? process.argv.slice(2))], { from: 'user' });
  } catch (error) {
    // --help and --version end through commander's exit override with code 0.
    if (error instanceof CommanderError && error.exitCode === 0) return;
    const usage = error instanceof UsageError;
    // Without the tag of library messages (`[teamchat-server] `): the line starts with the command's name.
    const message = (error instanceof Error ? error.message : String(error)).replace(/^\[teamchat-[a-z-]+\] /, '');
    const pointer = usage && error.helpOf ? `; see ${error.helpOf} --help` : '';
    process.stderr.write(`${spec.name}: ${message}${pointer}\n`);
    // exit(), not exitCode: a failed start may have left listeners and timers running.
    process.exit(usage ? EXIT_USAGE : EXIT_FAILURE);
  }
}

function exitOnEpipe(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
}

/** Commander's message on one line: `unknown option '--prot' (did you mean --port?)`. */
function oneLine(message: string): string {
  return message
    .replace(/^error: /, '')
    .replace(/\n\(Did you mean (.+)\?\)/, ' (did you mean $1?)')
    .replace(/\s*\n\s*/g, ' ');
}

function describeDefault(entry: OptionTable[string]): string | undefined {
  if (entry.defaultHelp !== undefined) return entry.defaultHelp;
  const value = entry.default;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** The commander command of `spec`, at `path` (`teamchat-server outbox`), with its subcommands. */
function buildCommand(spec: CommandSpec, path: string): Command {
  const command = new Command(spec.name)
    .summary(spec.summary)
    .description(spec.description ? `${spec.summary}\n\n${spec.description}` : spec.summary)
    .helpOption('-h, --help', 'show this help and exit')
    // Unexpected words reach the action, which names them (and suggests a command).
    .allowExcessArguments(true)
    .exitOverride((error) => {
      if (error.exitCode === 0) throw error;
      // `help nope`: commander would show the help, as an error; say what is wrong instead.
      if (error.code === 'commander.help') throw unknownCommand(command, command.args[1] ?? '', path);
      throw new UsageError(oneLine(error.message), { helpOf: path });
    })
    // The runner prints errors, on one line (never the help on stderr); help goes to stdout,
    // wrapped to the terminal (100 columns into a pipe), even beside long option names.
    .configureOutput({
      outputError: () => undefined,
      writeErr: () => undefined,
      getOutHelpWidth: () => process.stdout.columns ?? HELP_WIDTH,
    })
    .configureHelp({ minWidthToWrap: 30 });
  const read: (() => [string, unknown])[] = [];
  for (const [name, entry] of Object.entries(spec.options)) {
    const shown = describeDefault(entry);
    const option = new Option(entry.flags, shown === undefined ? entry.help : `${entry.help} (default ${shown})`);
    if (entry.group) option.helpGroup(entry.group);
    const { parse } = entry;
    if (parse) {
      option.argParser((text: string, previous: unknown) => {
        try {
          const value = parse(text, (previous === NULL_VALUE ? null : previous) as never);
          return value === null ? NULL_VALUE : value;
        } catch (error) {
          throw new UsageError(
            `${option.long ?? option.flags} ${error instanceof Error ? error.message : String(error)}, got '${text}'`,
            { helpOf: path },
          );
        }
      });
    }
    const attribute = option.attributeName();
    // A switch not given is false; any other option not given takes its default (or undefined).
    const absent = entry.default !== undefined ? entry.default : option.required || option.optional ? undefined : false;
    read.push(() => {
      const value: unknown = command.getOptionValue(attribute);
      return [name, value === undefined ? absent : value === NULL_VALUE ? null : value];
    });
    command.addOption(option);
  }
  const subcommands = spec.subcommands ?? [];
  // `teamchat-server help outbox` as `teamchat-server outbox --help`.
  if (subcommands.length > 0)
    command.enablePositionalOptions().helpCommand('help [command]', 'show the help of a command');
  for (const sub of subcommands) command.addCommand(buildCommand(sub, `${path} ${sub.name}`));
  if (spec.examples?.length)
    command.addHelpText('after', `\nExamples:\n${spec.examples.map((line) => `  ${line}`).join('\n')}`);
  if (spec.footer) command.addHelpText('after', `\n${spec.footer}`);
  command.action(async () => {
    const [word] = command.args;
    if (word !== undefined)
      throw subcommands.length > 0
        ? unknownCommand(command, word, path)
        : new UsageError(`unexpected argument '${word}'`, { helpOf: path });
    await spec.run(Object.fromEntries(read.map((entry) => entry())) as never);
  });
  return command;
}

/** `unknown command 'outbx' (did you mean outbox?)`: commander's words and suggestion, asked of a probe. */
function unknownCommand(command: Command, word: string, path: string): UsageError {
  const probe = new Command(command.name())
    .exitOverride()
    .helpCommand(false)
    .configureOutput({ outputError: () => undefined, writeErr: () => undefined, writeOut: () => undefined });
  for (const sub of command.commands) probe.command(sub.name());
  try {
    probe.parse([word], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return new UsageError(oneLine(error.message), { helpOf: path });
  }
  return new UsageError(`unknown command '${word}'`, { helpOf: path });
}
