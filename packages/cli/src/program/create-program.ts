import { Command, InvalidArgumentError } from 'commander';
import { createContext, type CliContext, type ProgramOptions } from '../core/cli-context.js';
import type { GlobalOptions } from '../core/global-options.js';
import { CLI_VERSION } from '../version.js';
import { COMMANDS } from './commands.js';

const DEFAULT_TIMEOUT_SECONDS = 60;
const DEFAULT_RETRIES = 3;

function positiveNumber(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0)
    throw new InvalidArgumentError('expected a number of seconds above 0');
  return value;
}

function count(text: string): number {
  if (!/^\d+$/.test(text.trim())) throw new InvalidArgumentError('expected a whole number (0 or more)');
  return Number(text);
}

const CONFIGURATION_HELP = `
Configuration (like the other Zulip tools; the first found wins, per value):
  1. --site, --email, --api-key
  2. ZULIP_SITE, ZULIP_EMAIL, ZULIP_API_KEY
  3. the [api] section (site=, email=, key=) of the zuliprc file named by --config,
     else by ZULIP_CONFIG, else ~/.zuliprc

Exit codes: 0 ok, 1 API error, 2 usage error, 3 configuration error,
            4 network error or timeout, 5 unreadable response, 6 cancelled at the
            confirmation, 70 internal error.

Examples:
  teamchat --config ./zuliprc users list
  teamchat users set-role mike@example.com moderator
  teamchat messages list --channel general --topic "release 1.0"
  teamchat topics delete --channel general --topic "old logs" --yes
  teamchat call users.list user_ids='[1,2]' --json
  teamchat completion bash
`;

/** Applies the root's output, exit override and help settings to every subcommand. */
function inheritSettings(root: Command, command: Command = root): void {
  for (const sub of command.commands) {
    sub.copyInheritedSettings(root);
    inheritSettings(root, sub);
  }
}

/** The program and its context (the runner reports errors through the context's redacted stderr). */
export function buildProgram(options: ProgramOptions = {}): { program: Command; ctx: CliContext } {
  const program = new Command('teamchat');
  const readGlobals = (): GlobalOptions => {
    const opts = program.opts<Partial<GlobalOptions>>();
    return {
      config: opts.config,
      site: opts.site,
      email: opts.email,
      apiKey: opts.apiKey,
      json: opts.json === true,
      verbose: opts.verbose === true,
      timeout: opts.timeout ?? DEFAULT_TIMEOUT_SECONDS,
      retries: opts.retries ?? DEFAULT_RETRIES,
    };
  };
  const ctx = createContext(options, readGlobals);
  program
    .description('Admin tasks over the team chat HTTP API (the Zulip REST API).')
    .version(CLI_VERSION, '-V, --version', 'print the version')
    .option('--config <file>', 'zuliprc file (default: ZULIP_CONFIG, else ~/.zuliprc)')
    .option('--site <url>', 'server URL (default: ZULIP_SITE, else site= of the zuliprc)')
    .option('--email <email>', 'account email (default: ZULIP_EMAIL, else email=)')
    .option('--api-key <key>', 'API key (default: ZULIP_API_KEY, else key=)')
    .option('--json', 'print the response fields as JSON')
    .option('-v, --verbose', 'print the configuration used and each request (credentials redacted) on stderr')
    .option(
      '--timeout <seconds>',
      `time limit of each HTTP attempt (default ${DEFAULT_TIMEOUT_SECONDS})`,
      positiveNumber,
    )
    .option(
      '--retries <n>',
      `retries of a read after a network error, timeout or 5xx, and of a rate-limited request (default ${DEFAULT_RETRIES})`,
      count,
    )
    .helpCommand(true)
    .addHelpText('after', CONFIGURATION_HELP)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.stdout.write(text),
      writeErr: (text) => ctx.stderr.write(text),
      getOutHelpWidth: () => ctx.stdout.columns ?? 80,
      getErrHelpWidth: () => ctx.stderr.columns ?? 80,
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    })
    .showHelpAfterError('(add --help for usage)');
  for (const command of COMMANDS) program.addCommand(command(ctx));
  inheritSettings(program);
  return { program, ctx };
}

/**
 * Creates the `teamchat` commander program with injected output and environment. It
 * throws instead of exiting (`exitOverride()`), and reads the configuration only when a
 * command needs the server, so `--help` works anywhere. Use {@link runCli} to get an exit
 * code.
 *
 * @example
 * const program = createProgram({ stdout, stderr, env: {}, homeDir: tmp, fetch: fakeFetch });
 * await program.parseAsync(['users', 'list', '--json'], { from: 'user' });
 */
export function createProgram(options: ProgramOptions = {}): Command {
  return buildProgram(options).program;
}
