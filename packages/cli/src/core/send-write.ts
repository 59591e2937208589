import {
  endpoints,
  type EndpointInput,
  type EndpointResult,
  type IncomingEndpointName,
  type IncomingEndpoints,
} from '@teamchat/schema';
import type { Command } from 'commander';
import type { CliContext } from './cli-context.js';
import { printDryRun } from './format-dry-run.js';

/** The options of every command that changes something. */
export interface WriteOptions {
  dryRun?: boolean;
  yes?: boolean;
}

/** Adds `--dry-run` (and, for a destructive command, `--yes`) to `command`. */
export function writeOptions(command: Command, destructive = false): Command {
  command.option('--dry-run', 'print the request instead of sending it');
  if (destructive) command.option('-y, --yes', 'do not ask for confirmation (needed without a terminal)');
  return command;
}

/**
 * Sends one write request of a command: with `--dry-run` prints it instead; with `confirm`
 * (a destructive change) asks first unless `--yes`. Prints the result as JSON with `--json`,
 * else the line `human` gives.
 *
 * @example
 * await sendWrite(ctx, 'users.deactivate', { user_id: 5 }, options, () => 'Deactivated user 5\n', 'Deactivate user 5?');
 */
export async function sendWrite<N extends IncomingEndpointName>(
  ctx: CliContext,
  name: N,
  params: EndpointInput<IncomingEndpoints[N]>,
  options: WriteOptions,
  human: (result: EndpointResult<IncomingEndpoints[N]>) => string,
  confirm?: string,
): Promise<void> {
  const endpoint = endpoints[name];
  if (options.dryRun) {
    printDryRun(ctx, endpoint, params as Record<string, unknown>);
    return;
  }
  if (confirm !== undefined) await ctx.confirm(confirm, options.yes);
  const request = ctx.client().request as (
    endpoint: unknown,
    params: unknown,
  ) => Promise<EndpointResult<IncomingEndpoints[N]>>;
  const result = await request(endpoint, params);
  ctx.print(result, () => human(result));
}

/** `Example(s):` help text after a command's options: the commands, one per line. */
export function examples(command: Command, ...lines: string[]): Command {
  return command.addHelpText(
    'after',
    `\n${lines.length > 1 ? 'Examples' : 'Example'}:\n${lines.map((line) => `  ${line}`).join('\n')}`,
  );
}
