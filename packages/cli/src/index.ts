/**
 * @module @teamchat/cli
 * The `teamchat` command as a library: the program factory (for tests and embedding), the
 * runner that turns a failure into an exit code, and the exit-code table.
 *
 * @example
 * import { runCli } from '@teamchat/cli';
 * const code = await runCli(['users', 'list', '--json'], { stdout, stderr, env: process.env });
 */

// Program
export { createProgram } from './program/create-program.js';
export { runCli } from './program/run-cli.js';
export type { CliContext, ProgramOptions } from './core/cli-context.js';
export type { GlobalOptions, Output } from './core/global-options.js';
export { CLI_VERSION } from './version.js';

// Errors and exit codes
export { CliError, EXIT_CODES, isCliError, toCliError } from './core/cli-error.js';
export type { CliErrorOptions, ExitKind } from './core/cli-error.js';

// Formatting (reused by scripts that print like the CLI)
export { formatFields } from './core/format-fields.js';
export { formatTable } from './core/format-table.js';
export type { Column } from './core/format-table.js';
