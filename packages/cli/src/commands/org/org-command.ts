import { endpoints, type Endpoint } from '@teamchat/schema';
import { Command } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { describeParameters } from '../../core/describe-parameters.js';
import { formatFields } from '../../core/format-fields.js';
import { checkParameterNames } from '../../core/parse-assignments.js';
import { sendAssignments } from '../../core/send-assignments.js';
import { examples } from '../../core/send-write.js';

const updateRealm: Endpoint = endpoints['realm.update'];

/** The `realm` block of POST /register; the queue register made goes at once (only the snapshot is wanted). */
async function realmState(ctx: CliContext): Promise<Record<string, unknown>> {
  const client = ctx.client();
  const state = await client.events.register({ fetch_event_types: ['realm'], event_types: [] });
  if (state.queue_id !== null) await client.events.deleteQueue({ queue_id: state.queue_id });
  return state;
}

function showCommand(ctx: CliContext): Command {
  const command = new Command('show')
    .description("show the organization's settings (the realm_* fields of POST /register), its name first")
    .option('--all', 'every field of the realm state, not only realm_* settings')
    .action(async (options: { all?: boolean }) => {
      const state = await realmState(ctx);
      // The organization's name first, then its address and description; the rest as the server sent them.
      const first = ['realm_name', 'realm_url', 'realm_description'].filter((key) => key in state);
      const rest = Object.keys(state).filter(
        (key) => !first.includes(key) && (options.all || key.startsWith('realm_')),
      );
      const fields = Object.fromEntries([...first, ...rest].map((key) => [key, state[key]]));
      ctx.print(fields, () => formatFields(fields));
    });
  return examples(command, 'teamchat org show', 'teamchat org show --json | jq .realm_name');
}

function settingsShowCommand(ctx: CliContext): Command {
  const known = Object.keys(updateRealm.params.shape);
  const command = new Command('show')
    .description('show the settings `org settings set` changes, by the names it takes, with their values')
    .argument('[names...]', 'only these settings')
    .action(async (names: string[]) => {
      checkParameterNames(updateRealm, names, 'setting');
      const state = await realmState(ctx);
      const fields = Object.fromEntries(
        (names.length > 0 ? names : known)
          .filter((name) => `realm_${name}` in state)
          .map((name) => [name, state[`realm_${name}`]]),
      );
      ctx.print(fields, () => formatFields(fields));
    });
  return examples(
    command,
    'teamchat org settings show',
    'teamchat org settings show name message_content_edit_limit_seconds',
  );
}

function settingsSetCommand(ctx: CliContext): Command {
  return new Command('set')
    .description("change the organization's settings (PATCH /realm; administrators, a few settings owners only)")
    .argument(
      '<name=value...>',
      'settings to change; text values as is, the others as JSON (enable_spectator_access=true, message_content_edit_limit_seconds=\'"unlimited"\')',
    )
    .option('--dry-run', 'check the values and print the request instead of sending it')
    .addHelpText(
      'after',
      () =>
        "\nExamples:\n  teamchat org settings set name='Acme Corp' description='Where **Acme** talks'\n" +
        '  teamchat org settings set message_content_edit_limit_seconds=600 message_edit_history_visibility_policy=moves --dry-run\n' +
        `  teamchat org settings set can_create_public_channel_group='{"new": 11, "old": 10}'\n` +
        `\nSettings of PATCH /realm:\n${describeParameters(updateRealm)}`,
    )
    .action(async (args: string[], options: { dryRun?: boolean }) => {
      await sendAssignments(
        ctx,
        updateRealm,
        args,
        options,
        (names) => `Updated the organization's ${names.join(', ')}\n`,
      );
    });
}

/**
 * `teamchat org …`: the organization's settings: show them all (`realm_*`), or show and change
 * the ones PATCH /realm takes.
 *
 * @example
 * teamchat org show
 * teamchat org settings set name='Acme Corp'
 */
export function orgCommand(ctx: CliContext): Command {
  const settings = new Command('settings')
    .description('the settings PATCH /realm changes: show, set')
    .addCommand(settingsShowCommand(ctx))
    .addCommand(settingsSetCommand(ctx));
  return new Command('org')
    .description('the organization: show and change its settings')
    .addCommand(showCommand(ctx))
    .addCommand(settings);
}
