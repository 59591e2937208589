import { incomingEndpoints, type Endpoint } from '@teamchat/schema';
import { Command } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { CliError } from '../../core/cli-error.js';
import { completeFirstArgument } from '../../core/completion-words.js';
import { describeParameters } from '../../core/describe-parameters.js';
import { findEndpoint } from '../../core/find-endpoint.js';
import { formatFields } from '../../core/format-fields.js';
import { printDryRun } from '../../core/format-dry-run.js';
import { formatTable } from '../../core/format-table.js';
import { checkParameterNames, decodeAssignments, parseAssignments } from '../../core/parse-assignments.js';

interface CallOptions {
  list?: boolean;
  params?: boolean;
  dryRun?: boolean;
}

function summaryOf(endpoint: Endpoint): string {
  return endpoint.deprecated ? `(deprecated: use ${endpoint.deprecated}) ${endpoint.summary}` : endpoint.summary;
}

function printList(ctx: CliContext): void {
  const rows = incomingEndpoints.map((endpoint) => ({
    name: endpoint.name,
    method: endpoint.method,
    path: endpoint.path,
    summary: endpoint.summary,
    ...(endpoint.since === undefined ? {} : { since: endpoint.since }),
    ...(endpoint.deprecated === undefined ? {} : { deprecated: endpoint.deprecated }),
  }));
  ctx.print(rows, () =>
    formatTable(incomingEndpoints, [
      { header: 'name', value: (endpoint) => endpoint.name },
      { header: 'method', value: (endpoint) => endpoint.method },
      { header: 'path', value: (endpoint) => endpoint.path },
      { header: 'summary', value: summaryOf },
    ]),
  );
}

/**
 * `teamchat call ENDPOINT [NAME=VALUE…]`: any endpoint of the contract table, by name or
 * route, with parameters decoded by the contract exactly as the server would read them.
 *
 * @example
 * teamchat call users.list user_ids='[1,2]'
 * teamchat call "GET /users/5"
 * teamchat call PATCH /settings twenty_four_hour_time=true --dry-run
 */
export function callCommand(ctx: CliContext): Command {
  const command = new Command('call')
    .description('call any endpoint by contract name (users.list) or route ("GET /users/5")')
    .argument('[endpoint]', 'contract name, or "METHOD /path" (path parameters may be filled in)')
    .argument('[name=value...]', 'parameters, path parameters included; text as is, other types as JSON')
    .option('--list', 'list every endpoint (name, method, path, summary)')
    .option('--params', 'list the parameters of ENDPOINT and their types instead of calling it')
    .option('--dry-run', 'check the parameters and print the request instead of sending it')
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  teamchat call --list\n' +
        "  teamchat call users.list user_ids='[1,2]'\n" +
        '  teamchat call "GET /users/5"            (same as: teamchat call users.get user_id=5)\n' +
        "  teamchat call channels.create name=design subscribers='[1]' --dry-run\n" +
        '  teamchat call events.register fetch_event_types=\'["user_settings"]\' --json',
    )
    .action(async (spec: string | undefined, args: string[], options: CallOptions) => {
      if (options.list) {
        printList(ctx);
        return;
      }
      if (spec === undefined) {
        throw new CliError('usage', 'missing ENDPOINT', {
          hint: 'teamchat call --list shows every endpoint; teamchat call --help shows examples',
        });
      }
      const found = findEndpoint(spec, args[0]);
      const { endpoint } = found;
      if (options.params) {
        ctx.print(
          Object.keys(endpoint.params.shape),
          () =>
            `${endpoint.method} ${endpoint.path} (${endpoint.name}): ${summaryOf(endpoint)}\n${describeParameters(endpoint)}`,
        );
        return;
      }
      const assignments = parseAssignments([
        ...found.queryValues.map(([name, value]) => `${name}=${value}`),
        ...args.slice(found.consumed ? 1 : 0),
      ]);
      checkParameterNames(endpoint, assignments.keys());
      const params = decodeAssignments(endpoint, assignments, found.pathValues);
      if (options.dryRun) {
        printDryRun(ctx, endpoint, params);
        return;
      }
      // The SDK resolves with the success envelope's fields (an object) for every contract.
      const result = (await ctx.client().request(endpoint, params)) as Record<string, unknown>;
      ctx.print(result, () => formatFields(result));
    });
  // Shell completion offers the endpoint names after `teamchat call`.
  return completeFirstArgument(command, () => incomingEndpoints.map((endpoint) => endpoint.name));
}
