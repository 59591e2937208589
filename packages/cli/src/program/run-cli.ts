import type { ProgramOptions } from '../core/cli-context.js';
import { reportError, toCliError } from '../core/cli-error.js';
import { buildProgram } from './create-program.js';

/**
 * Runs `teamchat` with `argv` (without the node and script paths) and returns the exit
 * code: 0 on success, otherwise the code of the failure's kind (see `EXIT_CODES`), after
 * printing `error: …` on stderr.
 *
 * @example
 * process.exitCode = await runCli(process.argv.slice(2));
 */
export async function runCli(argv: readonly string[], options: ProgramOptions = {}): Promise<number> {
  const { program, ctx } = buildProgram(options);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (thrown) {
    const error = toCliError(thrown);
    reportError(error, (text) => ctx.stderr.write(text));
    if (error.kind === 'internal' && readVerbose(program.opts()) && error.cause instanceof Error && error.cause.stack) {
      ctx.stderr.write(`${error.cause.stack}\n`);
    }
    return error.exitCode;
  }
}

function readVerbose(opts: Record<string, unknown>): boolean {
  return opts['verbose'] === true;
}
