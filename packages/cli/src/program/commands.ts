import type { Command } from 'commander';
import { botsCommand } from '../commands/bots/bots-command.js';
import { callCommand } from '../commands/call/call-command.js';
import { channelsCommand } from '../commands/channels/channels-command.js';
import { completionCommand } from '../commands/completion/completion-command.js';
import { defaultChannelsCommand } from '../commands/default-channels/default-channels-command.js';
import { exportCommand } from '../commands/export/export-command.js';
import { filesCommand } from '../commands/files/files-command.js';
import { groupsCommand } from '../commands/groups/groups-command.js';
import { invitesCommand } from '../commands/invites/invites-command.js';
import { linkifiersCommand } from '../commands/linkifiers/linkifiers-command.js';
import { messagesCommand } from '../commands/messages/messages-command.js';
import { orgCommand } from '../commands/org/org-command.js';
import { playgroundsCommand } from '../commands/playgrounds/playgrounds-command.js';
import { profileFieldsCommand } from '../commands/profile-fields/profile-fields-command.js';
import { settingsCommand } from '../commands/settings/settings-command.js';
import { simulateCommand } from '../commands/simulate/simulate-command.js';
import { topicsCommand } from '../commands/topics/topics-command.js';
import { usersCommand } from '../commands/users/users-command.js';
import type { CliContext } from '../core/cli-context.js';

/**
 * Every top-level command of `teamchat`, in the order `--help` lists them. A new command is a
 * folder `src/commands/<noun>/` exporting a factory, and one line here.
 */
export const COMMANDS: readonly ((ctx: CliContext) => Command)[] = [
  usersCommand,
  groupsCommand,
  channelsCommand,
  defaultChannelsCommand,
  invitesCommand,
  topicsCommand,
  messagesCommand,
  filesCommand,
  linkifiersCommand,
  playgroundsCommand,
  profileFieldsCommand,
  botsCommand,
  orgCommand,
  exportCommand,
  settingsCommand,
  simulateCommand,
  callCommand,
  completionCommand,
];
