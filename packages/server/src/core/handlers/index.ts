import { incomingEndpoints } from '@teamchat/schema';
import type { ContractHandler, Handlers } from '../dispatch/handler.js';
import { alertWordsHandlers } from './alert-words.js';
import { attachmentsHandlers } from './attachments.js';
import { botsHandlers } from './bots.js';
import { callsHandlers } from './calls.js';
import { channelFoldersHandlers } from './channel-folders.js';
import { channelsHandlers } from './channels.js';
import { defaultChannelsHandlers } from './default-channels.js';
import { draftsHandlers } from './drafts.js';
import { eventsHandlers } from './events.js';
import { realmExportsHandlers } from './exports.js';
import { invitesHandlers } from './invites.js';
import { linkifiersHandlers } from './linkifiers.js';
import { markReadHandlers } from './mark-read.js';
import { messagesHandlers } from './messages.js';
import { mutedUsersHandlers } from './muted-users.js';
import { navigationViewsHandlers } from './navigation-views.js';
import { outgoingWebhooksHandlers } from './outgoing-webhooks.js';
import { playgroundsHandlers } from './playgrounds.js';
import { presenceHandlers } from './presence.js';
import { profileFieldsHandlers } from './profile-fields.js';
import { pushHandlers } from './push.js';
import { realmHandlers } from './realm.js';
import { realmEmojiHandlers } from './realm-emoji.js';
import { remindersHandlers } from './reminders.js';
import { savedSnippetsHandlers } from './saved-snippets.js';
import { scheduledMessagesHandlers } from './scheduled-messages.js';
import { serverHandlers } from './server.js';
import { settingsHandlers } from './settings.js';
import { typingHandlers } from './typing.js';
import { userGroupsHandlers } from './user-groups.js';
import { userStatusHandlers } from './user-status.js';
import { userTopicsHandlers } from './user-topics.js';
import { usersHandlers } from './users.js';

/**
 * Every incoming contract's handler, keyed by contract name: the area maps joined. The
 * compiler fails while a contract has no handler (here for a new area, in the area's map for a
 * new contract of it). Find a contract's operation from its name: the contract
 * `schema/src/endpoints/<area>/…` has its entry in `handlers/<area>.ts`, whose import names
 * the operation's file.
 */
export const handlers = {
  ...alertWordsHandlers,
  ...attachmentsHandlers,
  ...botsHandlers,
  ...callsHandlers,
  ...channelFoldersHandlers,
  ...channelsHandlers,
  ...defaultChannelsHandlers,
  ...draftsHandlers,
  ...eventsHandlers,
  ...realmExportsHandlers,
  ...invitesHandlers,
  ...linkifiersHandlers,
  ...markReadHandlers,
  ...messagesHandlers,
  ...mutedUsersHandlers,
  ...navigationViewsHandlers,
  ...outgoingWebhooksHandlers,
  ...playgroundsHandlers,
  ...presenceHandlers,
  ...profileFieldsHandlers,
  ...pushHandlers,
  ...realmHandlers,
  ...realmEmojiHandlers,
  ...remindersHandlers,
  ...savedSnippetsHandlers,
  ...scheduledMessagesHandlers,
  ...serverHandlers,
  ...settingsHandlers,
  ...typingHandlers,
  ...userGroupsHandlers,
  ...userStatusHandlers,
  ...userTopicsHandlers,
  ...usersHandlers,
} satisfies Handlers;

/**
 * Every incoming contract with its handler, in the contract table's order: what the core
 * dispatches to, and what the transports route (REST) or build procedures of (tRPC).
 */
export const contractHandlers: readonly ContractHandler[] = incomingEndpoints.map(
  (contract) => ({ ...handlers[contract.name], contract }) as ContractHandler,
);
