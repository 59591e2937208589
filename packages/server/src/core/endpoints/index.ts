import type { Endpoint } from '@teamchat/schema';
import type { Implementation } from '../procedure/implement.js';
import { server } from './server/index.js';
import { events } from './events/index.js';
import { settings } from './settings/index.js';
import { channels } from './channels/index.js';
import { channelFolders } from './channel-folders/index.js';
import { messages } from './messages/index.js';
import { presence } from './presence/index.js';
import { users } from './users/index.js';
import { bots } from './bots/index.js';
import { push } from './push/index.js';
import { userGroups } from './user-groups/index.js';
import { navigationViews } from './navigation-views/index.js';
import { linkifiers } from './linkifiers/index.js';
import { playgrounds } from './playgrounds/index.js';
import { attachments } from './attachments/index.js';
import { typing } from './typing/index.js';
import { markRead } from './mark-read/index.js';
import { userStatus } from './user-status/index.js';
import { userTopics } from './user-topics/index.js';
import { mutedUsers } from './muted-users/index.js';
import { alertWords } from './alert-words/index.js';
import { drafts } from './drafts/index.js';
import { defaultChannels } from './default-channels/index.js';
import { scheduledMessages } from './scheduled-messages/index.js';
import { realm } from './realm/index.js';
import { profileFields } from './profile-fields/index.js';
import { realmEmoji } from './realm-emoji/index.js';
import { outgoingWebhooks } from './outgoing-webhooks/index.js';
import { savedSnippets } from './saved-snippets/index.js';
import { reminders } from './reminders/index.js';
import { calls } from './calls/index.js';
import { realmExports } from './exports/index.js';
import { invites } from './invites/index.js';

/**
 * Every implemented contract: the area lists, in the order of the schema's table. A contract
 * without a handler is not routed (the REST layer answers 404 for it).
 */
export const implementations = [
  ...server,
  ...events,
  ...settings,
  ...channels,
  ...channelFolders,
  ...messages,
  ...presence,
  ...users,
  ...bots,
  ...userGroups,
  ...push,
  ...calls,
  ...realmExports,
  ...navigationViews,
  ...linkifiers,
  ...playgrounds,
  ...attachments,
  ...typing,
  ...markRead,
  ...userStatus,
  ...userTopics,
  ...mutedUsers,
  ...alertWords,
  ...drafts,
  ...defaultChannels,
  ...scheduledMessages,
  ...realm,
  ...profileFields,
  ...realmEmoji,
  ...outgoingWebhooks,
  ...savedSnippets,
  ...reminders,
  ...invites,
] as const satisfies readonly Implementation[];

/** Names of the implemented contracts. */
export type ImplementedName = (typeof implementations)[number]['endpoint']['name'];

/** The implemented contracts, in the table's order: what the REST handler routes (and its OpenAPI document lists). */
export const implementedEndpoints: readonly Endpoint[] = implementations.map(({ endpoint }) => endpoint);
