import * as attachments from './attachments/index.js';
import * as bots from './bots/index.js';
import * as channelFolders from './channel-folders/index.js';
import * as channels from './channels/index.js';
import * as events from './events/index.js';
import * as linkifiers from './linkifiers/index.js';
import * as messages from './messages/index.js';
import * as navigationViews from './navigation-views/index.js';
import * as outgoingWebhooks from './outgoing-webhooks/index.js';
import * as playgrounds from './playgrounds/index.js';
import * as presence from './presence/index.js';
import * as push from './push/index.js';
import * as server from './server/index.js';
import * as settings from './settings/index.js';
import * as userGroups from './user-groups/index.js';
import * as users from './users/index.js';
import * as typing from './typing/index.js';
import * as markRead from './mark-read/index.js';
import * as userStatus from './user-status/index.js';
import * as userTopics from './user-topics/index.js';
import * as mutedUsers from './muted-users/index.js';
import * as alertWords from './alert-words/index.js';
import * as drafts from './drafts/index.js';
import * as defaultChannels from './default-channels/index.js';
import * as invites from './invites/index.js';
import * as scheduledMessages from './scheduled-messages/index.js';
import * as savedSnippets from './saved-snippets/index.js';
import * as reminders from './reminders/index.js';
import * as realm from './realm/index.js';
import * as profileFields from './profile-fields/index.js';
import * as realmEmoji from './realm-emoji/index.js';
import * as calls from './calls/index.js';
import * as realmExports from './exports/index.js';

// Grouped by area, in the order of api-spec.md. Literal paths come before the templates
// they would also match (`/users/me` before `/users/{email}`), for first-match routers.
const all = [
  server.getServerSettings,
  server.fetchApiKey,
  server.devFetchApiKey,
  events.registerQueue,
  events.getEvents,
  events.deleteQueue,
  settings.updateSettings,
  settings.updateDisplaySettings,
  settings.updateNotificationSettings,
  settings.updateRealmUserSettingsDefaults,
  channels.createChannel,
  channels.listChannels,
  channels.listTopics,
  channels.deleteTopic,
  channels.subscribe,
  channels.listSubscriptions,
  channels.unsubscribe,
  channels.getChannel,
  channels.updateChannel,
  channels.archiveChannel,
  channels.getChannelId,
  channels.listSubscribers,
  channels.isSubscribed,
  channels.updateSubscriptionProperties,
  channelFolders.createChannelFolder,
  channelFolders.listChannelFolders,
  channelFolders.reorderChannelFolders,
  channelFolders.updateChannelFolder,
  messages.sendMessage,
  messages.listMessages,
  messages.getMessage,
  messages.updateMessage,
  messages.deleteMessage,
  messages.matchesNarrow,
  messages.updateMessageFlags,
  messages.updateMessageFlagsForNarrow,
  messages.addReaction,
  messages.removeReaction,
  messages.getMessageHistory,
  messages.renderMessage,
  presence.updatePresence,
  presence.getRealmPresence,
  presence.getUserPresence,
  users.listUsers,
  users.createUser,
  users.getOwnUser,
  users.deactivateOwnUser,
  users.getUser,
  users.getUserByEmail,
  users.updateUser,
  users.updateUserByEmail,
  users.deactivateUser,
  users.reactivateUser,
  users.listCustomProfileFields,
  bots.listBots,
  bots.createBot,
  bots.updateBot,
  bots.deactivateBot,
  bots.regenerateBotApiKey,
  bots.getBotStorage,
  bots.updateBotStorage,
  bots.removeBotStorage,
  userGroups.listUserGroups,
  userGroups.createUserGroup,
  userGroups.updateUserGroupMembers,
  userGroups.updateUserGroup,
  userGroups.deactivateUserGroup,
  userGroups.listUserGroupMembers,
  userGroups.isUserGroupMember,
  userGroups.listUserGroupSubgroups,
  push.registerPushDevice,
  push.sendTestNotification,
  push.addApnsToken,
  push.removeApnsToken,
  push.addFcmToken,
  push.removeFcmToken,
  push.sendLegacyTestNotification,
  calls.createBigBlueButtonCall,
  realmExports.createRealmExport,
  realmExports.listRealmExports,
  realmExports.listExportConsents,
  navigationViews.listNavigationViews,
  navigationViews.addNavigationView,
  navigationViews.updateNavigationView,
  navigationViews.removeNavigationView,
  linkifiers.listLinkifiers,
  linkifiers.listLegacyLinkifiers,
  linkifiers.addLinkifier,
  linkifiers.updateLinkifier,
  linkifiers.removeLinkifier,
  linkifiers.reorderLinkifiers,
  playgrounds.listPlaygrounds,
  playgrounds.addPlayground,
  playgrounds.removePlayground,
  attachments.uploadFile,
  attachments.listAttachments,
  attachments.deleteAttachment,
  attachments.getTemporaryUploadUrl,
  outgoingWebhooks.listWebhookDeliveries,
  outgoingWebhooks.notifyOutgoingWebhook,
  typing.setTypingStatus,
  typing.setEditTypingStatus,
  markRead.markAllAsRead,
  markRead.markStreamAsRead,
  markRead.markTopicAsRead,
  userStatus.updateStatus,
  userStatus.updateStatusOf,
  userStatus.getStatus,
  userTopics.updateUserTopic,
  userTopics.muteTopic,
  mutedUsers.muteUser,
  mutedUsers.unmuteUser,
  alertWords.listAlertWords,
  alertWords.addAlertWords,
  alertWords.removeAlertWords,
  drafts.listDrafts,
  drafts.createDrafts,
  drafts.updateDraft,
  drafts.removeDraft,
  defaultChannels.addDefaultChannel,
  defaultChannels.removeDefaultChannel,
  scheduledMessages.listScheduledMessages,
  scheduledMessages.createScheduledMessage,
  scheduledMessages.updateScheduledMessage,
  scheduledMessages.removeScheduledMessage,
  realm.updateRealm,
  profileFields.createProfileField,
  profileFields.reorderProfileFields,
  profileFields.updateProfileField,
  profileFields.removeProfileField,
  channels.getChannelEmailAddress,
  realmEmoji.listRealmEmoji,
  realmEmoji.uploadRealmEmoji,
  realmEmoji.deactivateRealmEmoji,
  savedSnippets.listSavedSnippets,
  savedSnippets.createSavedSnippet,
  savedSnippets.updateSavedSnippet,
  savedSnippets.removeSavedSnippet,
  reminders.listReminders,
  reminders.createReminder,
  reminders.removeReminder,
  messages.getReadReceipts,
  messages.reportMessage,
  userGroups.updateUserGroupSubgroups,
  channels.updateSubscriptions,
  invites.listInvites,
  invites.sendInvites,
  invites.createInviteLink,
  invites.revokeInvite,
  invites.revokeInviteLink,
  invites.resendInvite,
  realm.testWelcomeBotCustomMessage,
] as const;

type AnyEndpoint = (typeof all)[number];

/** Every endpoint contract, keyed by its stable name. */
export type Endpoints = { [E in AnyEndpoint as E['name']]: E };

/**
 * The contract table: every endpoint of the API, keyed by name. Server, mock, SDK and CLI
 * are all derived from it.
 */
export const endpoints = Object.freeze(Object.fromEntries(all.map((e) => [e.name, e]))) as Endpoints;

/** The contract table as a list, in the order above. */
export const endpointList: readonly AnyEndpoint[] = all;

/** Names of every endpoint. */
export type EndpointName = keyof Endpoints;

/** A contract of a request clients send to our server (not an `outgoing` one). */
export type IncomingEndpoint = Extract<AnyEndpoint, { direction: 'incoming' }>;

/** The incoming contracts, keyed by name: what the server routes and the SDK and CLI expose. */
export type IncomingEndpoints = { [E in IncomingEndpoint as E['name']]: E };

/** Names of the incoming contracts. */
export type IncomingEndpointName = keyof IncomingEndpoints;

/**
 * The contracts of requests our server receives: {@link endpointList} without the `outgoing`
 * ones (the outgoing-webhook notification it sends). The server, the mock, the SDK and the
 * CLI are built from this list.
 */
export const incomingEndpoints: readonly IncomingEndpoint[] = all.filter(
  (endpoint): endpoint is IncomingEndpoint => endpoint.direction === 'incoming',
);

export {
  alertWords,
  calls,
  realmExports,
  attachments,
  defaultChannels,
  drafts,
  invites,
  markRead,
  mutedUsers,
  typing,
  userStatus,
  userTopics,
  bots,
  channels,
  events,
  linkifiers,
  messages,
  navigationViews,
  outgoingWebhooks,
  playgrounds,
  presence,
  profileFields,
  realm,
  realmEmoji,
  scheduledMessages,
  savedSnippets,
  reminders,
  push,
  server,
  settings,
  userGroups,
  users,
};
