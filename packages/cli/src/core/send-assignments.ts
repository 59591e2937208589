import type { Endpoint } from '@teamchat/schema';
import type { CliContext } from './cli-context.js';
import { printDryRun } from './format-dry-run.js';
import { checkParameterNames, decodeAssignments, parseAssignments } from './parse-assignments.js';

/**
 * Sends `NAME=VALUE` arguments as the parameters of a settings endpoint (PATCH /settings,
 * PATCH /realm, …): unknown names and bad values fail before any request (and before the
 * config is read); with `dryRun` the request is printed instead. Prints the result as JSON
 * with `--json`, else `human(names)`.
 *
 * @example
 * await sendAssignments(ctx, endpoints['realm.update'], ['name=Acme'], {}, (names) => `Updated ${names.join(', ')}\n`);
 */
export async function sendAssignments(
  ctx: CliContext,
  endpoint: Endpoint,
  args: readonly string[],
  options: { dryRun?: boolean },
  human: (names: string[]) => string,
): Promise<void> {
  const assignments = parseAssignments(args);
  checkParameterNames(endpoint, assignments.keys(), 'setting');
  const params = decodeAssignments(endpoint, assignments);
  if (options.dryRun) {
    printDryRun(ctx, endpoint, params);
    return;
  }
  const result = await ctx.client().request(endpoint, params);
  ctx.print(result, () => human(Object.keys(params)));
}
