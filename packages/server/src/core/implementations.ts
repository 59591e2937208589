import { deleteAttachmentImpl } from './attachments/delete-attachment.js';
import { listAttachmentsImpl } from './attachments/list-attachments.js';
import { uploadFileImpl } from './attachments/upload-file.js';
import { archiveChannelImpl } from './channels/archive-channel.js';
import { createChannelImpl } from './channels/create-channel.js';
import { getChannelImpl } from './channels/get-channel.js';
import { getChannelIdImpl } from './channels/get-channel-id.js';
import { listSubscribersImpl } from './channels/list-subscribers.js';
import { subscribeImpl } from './channels/subscribe.js';
import { updateChannelImpl } from './channels/update-channel.js';
import { deleteTopicImpl } from './channels/delete-topic.js';
import { listChannelsImpl } from './channels/list-channels.js';
import { listTopicsImpl } from './channels/list-topics.js';
import { isSubscribedImpl } from './channels/is-subscribed.js';
import { listSubscriptionsImpl } from './channels/list-subscriptions.js';
import { unsubscribeImpl } from './channels/unsubscribe.js';
import { updateSubscriptionPropertiesImpl } from './channels/update-subscription-properties.js';
import { deleteMessageImpl } from './messages/delete-message.js';
import { getMessageImpl } from './messages/get-message.js';
import { sendMessageImpl } from './messages/send-message.js';
import { addReactionImpl, removeReactionImpl } from './messages/reactions.js';
import { updateFlagsImpl } from './messages/update-flags.js';
import { updateFlagsForNarrowImpl } from './messages/update-flags-for-narrow.js';
import { updateMessageImpl } from './messages/update-message.js';
import { deleteQueueImpl, getEventsImpl } from './events/get-events.js';
import { registerQueueImpl } from './register/register-queue.js';
import {
  createChannelFolderImpl,
  listChannelFoldersImpl,
  reorderChannelFoldersImpl,
} from './channel-folders/channel-folder-endpoints.js';
import { updateChannelFolderImpl } from './channel-folders/update-channel-folder.js';
import type { Implementation } from './procedure/implement.js';
import { addLinkifierImpl } from './linkifiers/add-linkifier.js';
import { listLegacyLinkifiersImpl, listLinkifiersImpl } from './linkifiers/list-linkifiers.js';
import { reorderLinkifiersImpl } from './linkifiers/reorder-linkifiers.js';
import { removeLinkifierImpl } from './linkifiers/remove-linkifier.js';
import { updateLinkifierImpl } from './linkifiers/update-linkifier.js';
import {
  addNavigationViewImpl,
  listNavigationViewsImpl,
  removeNavigationViewImpl,
  updateNavigationViewImpl,
} from './navigation-views/navigation-view-endpoints.js';
import { addPlaygroundImpl, listPlaygroundsImpl, removePlaygroundImpl } from './playgrounds/playground-endpoints.js';
import { getRealmPresenceImpl } from './presence/get-realm-presence.js';
import { getUserPresenceImpl } from './presence/get-user-presence.js';
import { updatePresenceImpl } from './presence/update-presence.js';
import { fetchApiKeyImpl } from './server/fetch-api-key.js';
import { getServerSettingsImpl } from './server/get-server-settings.js';
import { updateRealmDefaultsImpl } from './settings/update-realm-defaults.js';
import { updateDisplaySettingsImpl, updateNotificationSettingsImpl, updateSettingsImpl } from './settings/update-settings.js';
import { getOwnUserImpl } from './users/get-own-user.js';
import { listUsersImpl } from './users/list-users.js';
import { listMessagesImpl } from './messages/list-messages.js';
import { matchesNarrowImpl } from './messages/matches-narrow.js';
import { addUserImpl } from './users/add-user.js';
import { listCustomProfileFieldsImpl } from './users/custom-profile-fields.js';
import { deactivateOwnUserImpl, deactivateUserImpl, reactivateUserImpl } from './users/deactivate-user.js';
import { getUserByEmailImpl, getUserImpl } from './users/get-user.js';
import { updateUserByEmailImpl, updateUserImpl } from './users/update-user.js';
import { createUserGroupImpl } from './user-groups/create-user-group.js';
import { deactivateUserGroupImpl } from './user-groups/deactivate-user-group.js';
import { isUserGroupMemberImpl } from './user-groups/is-user-group-member.js';
import { listUserGroupMembersImpl } from './user-groups/list-user-group-members.js';
import { listUserGroupSubgroupsImpl } from './user-groups/list-user-group-subgroups.js';
import { listUserGroupsImpl } from './user-groups/list-user-groups.js';
import { updateUserGroupImpl } from './user-groups/update-user-group.js';
import { updateUserGroupMembersImpl } from './user-groups/update-user-group-members.js';

/**
 * Every implemented endpoint. Contracts not listed here are not routed (the REST layer
 * answers 404 for them), so the table can run ahead of the implementation.
 */
export const implementations = [
  getServerSettingsImpl,
  fetchApiKeyImpl,
  registerQueueImpl,
  getEventsImpl,
  deleteQueueImpl,
  updateSettingsImpl,
  updateDisplaySettingsImpl,
  updateNotificationSettingsImpl,
  updateRealmDefaultsImpl,
  createChannelImpl,
  listChannelsImpl,
  subscribeImpl,
  getChannelImpl,
  getChannelIdImpl,
  updateChannelImpl,
  archiveChannelImpl,
  listSubscribersImpl,
  listSubscriptionsImpl,
  unsubscribeImpl,
  updateSubscriptionPropertiesImpl,
  isSubscribedImpl,
  listUsersImpl,
  getOwnUserImpl,
  listMessagesImpl,
  matchesNarrowImpl,
  addUserImpl,
  getUserImpl,
  getUserByEmailImpl,
  updateUserImpl,
  updateUserByEmailImpl,
  deactivateUserImpl,
  reactivateUserImpl,
  deactivateOwnUserImpl,
  listCustomProfileFieldsImpl,
  updatePresenceImpl,
  getRealmPresenceImpl,
  getUserPresenceImpl,
  listUserGroupsImpl,
  createUserGroupImpl,
  updateUserGroupMembersImpl,
  updateUserGroupImpl,
  deactivateUserGroupImpl,
  listUserGroupMembersImpl,
  isUserGroupMemberImpl,
  listUserGroupSubgroupsImpl,
  sendMessageImpl,
  getMessageImpl,
  updateMessageImpl,
  deleteMessageImpl,
  updateFlagsImpl,
  updateFlagsForNarrowImpl,
  addReactionImpl,
  removeReactionImpl,
  listTopicsImpl,
  deleteTopicImpl,
  listLinkifiersImpl,
  listLegacyLinkifiersImpl,
  addLinkifierImpl,
  updateLinkifierImpl,
  removeLinkifierImpl,
  reorderLinkifiersImpl,
  listPlaygroundsImpl,
  addPlaygroundImpl,
  removePlaygroundImpl,
  listNavigationViewsImpl,
  addNavigationViewImpl,
  updateNavigationViewImpl,
  removeNavigationViewImpl,
  listChannelFoldersImpl,
  createChannelFolderImpl,
  updateChannelFolderImpl,
  reorderChannelFoldersImpl,
  uploadFileImpl,
  listAttachmentsImpl,
  deleteAttachmentImpl,
] as const satisfies readonly Implementation[];

/** Names of the implemented endpoints. */
export type ImplementedName = (typeof implementations)[number]['endpoint']['name'];
