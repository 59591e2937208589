import { Command } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { formatFields } from '../../core/format-fields.js';
import { examples } from '../../core/send-write.js';

/**
 * `teamchat org …`: the organization's settings. (Changing them needs PATCH /realm, which
 * this version's contract table does not have yet; `teamchat settings set --realm-default`
 * changes the defaults of new users.)
 *
 * @example
 * teamchat org show
 */
export function orgCommand(ctx: CliContext): Command {
  const show = new Command('show')
    .description('show the organization\'s settings (the realm_* fields of POST /register)')
    .option('--all', 'every field of the realm state, not only realm_* settings')
    .action(async (options: { all?: boolean }) => {
      const client = ctx.client();
      const state = await client.events.register({ fetch_event_types: ['realm'], event_types: [] });
      // Only the snapshot is wanted: the queue register made goes at once.
      if (state.queue_id !== null) await client.events.deleteQueue({ queue_id: state.queue_id });
      const fields = Object.fromEntries(Object.entries(state).filter(([key]) => options.all || key.startsWith('realm_')));
      ctx.print(fields, () => formatFields(fields));
    });
  return new Command('org').description('the organization: show its settings').addCommand(examples(show, 'teamchat org show', "teamchat org show --json | jq .realm_name"));
}
