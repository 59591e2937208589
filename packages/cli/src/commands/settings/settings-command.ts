import { endpoints, type Endpoint } from '@teamchat/schema';
import { Command } from 'commander';
import type { CliContext } from '../../core/cli-context.js';
import { describeParameters } from '../../core/describe-parameters.js';
import { sendAssignments } from '../../core/send-assignments.js';

interface SetOptions {
  realmDefault?: boolean;
  dryRun?: boolean;
}

const personal: Endpoint = endpoints['settings.update'];
const realmDefault: Endpoint = endpoints['settings.updateRealmDefaults'];

function setCommand(ctx: CliContext): Command {
  return new Command('set')
    .description('change your settings (PATCH /settings), or with --realm-default the defaults of new accounts')
    .argument(
      '<name=value...>',
      'settings to change; text values as is, the others as JSON (twenty_four_hour_time=true, color_scheme=2)',
    )
    .option(
      '--realm-default',
      'change the organization defaults for accounts created later (PATCH /realm/user_settings_defaults; administrators)',
    )
    .option('--dry-run', 'check the values and print the request instead of sending it')
    .addHelpText(
      'after',
      () =>
        '\nExamples:\n  teamchat settings set twenty_four_hour_time=true color_scheme=2\n' +
        '  teamchat settings set --realm-default emojiset=text --dry-run\n' +
        `\nSettings of PATCH /settings:\n${describeParameters(personal)}`,
    )
    .action(async (args: string[], options: SetOptions) => {
      await sendAssignments(
        ctx,
        options.realmDefault ? realmDefault : personal,
        args,
        options,
        (names) => `Updated ${options.realmDefault ? 'the organization default of ' : ''}${names.join(', ')}\n`,
      );
    });
}

/**
 * `teamchat settings …`: personal settings and organization defaults, with values checked
 * against the contract before anything is sent.
 *
 * @example
 * teamchat settings set twenty_four_hour_time=true
 * teamchat settings set --realm-default color_scheme=2 --dry-run
 */
export function settingsCommand(ctx: CliContext): Command {
  return new Command('settings').description('personal settings and organization defaults').addCommand(setCommand(ctx));
}
