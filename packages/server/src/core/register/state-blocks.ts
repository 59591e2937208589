import { alertWordsState } from '../alert-words/alert-words.js';
import { realmBotsState } from '../bots/bots-state.js';
import { streamState, subscriptionState } from '../channels/channels-state.js';
import { defaultStreamsState } from '../channels/default-channels.js';
import { channelFoldersState } from '../channel-folders/channel-folder-list.js';
import { draftsState } from '../drafts/drafts.js';
import type { StateBlock } from '../events/state-block.js';
import { legacyFiltersState, linkifiersState } from '../linkifiers/list-linkifiers.js';
import {
  maxMessageIdState,
  recentPrivateConversationsState,
  starredMessagesState,
  unreadMessagesState,
} from '../messages/messages-state.js';
import { mutedUsersState } from '../muted-users/muted-users.js';
import { navigationViewsState } from '../navigation-views/navigation-view-list.js';
import { stopWordsState } from '../narrow/stop-words-state.js';
import { playgroundsState } from '../playgrounds/playground-list.js';
import { presenceState } from '../presence/presence-state.js';
import { realmDomainsState } from '../realm/realm-domains-state.js';
import { pushDevicesState } from '../push/push-devices-state.js';
import { realmEmojiState } from '../realm/realm-emoji-state.js';
import { realmBillingState, realmState } from '../realm/realm-state.js';
import {
  legacyDisplaySettingsState,
  legacyNotificationSettingsState,
  realmUserSettingsDefaultsState,
  userSettingsState,
} from '../settings/settings-state.js';
import { userStatusState } from '../user-status/user-status.js';
import { mutedTopicsState, userTopicsState } from '../user-topics/user-topics.js';
import { realmUserState } from '../users/users-state.js';
import { scheduledMessagesState } from '../scheduled-messages/scheduled-messages.js';
import { remindersState } from '../reminders/reminders.js';
import {
  defaultStreamGroupsState,
  embeddedBotsState,
  giphyState,
  incomingWebhookBotsState,
  onboardingStepsState,
  videoCallsState,
} from '../realm/feature-blocks.js';
import { customProfileFieldsState } from '../users/custom-profile-fields.js';
import { userGroupsState } from '../user-groups/user-groups-state.js';
import { savedSnippetsState } from '../saved-snippets/saved-snippets.js';

/**
 * Every block of the initial state of POST /register, area by area. An area adds its block
 * with one line at the end.
 */
export const STATE_BLOCKS: readonly StateBlock[] = [
  realmState,
  realmBillingState,
  realmEmojiState,
  realmDomainsState,
  realmUserState,
  customProfileFieldsState,
  streamState,
  subscriptionState,
  defaultStreamsState,
  userSettingsState,
  legacyDisplaySettingsState,
  legacyNotificationSettingsState,
  realmUserSettingsDefaultsState,
  presenceState,
  userGroupsState,
  linkifiersState,
  legacyFiltersState,
  playgroundsState,
  navigationViewsState,
  channelFoldersState,
  maxMessageIdState,
  unreadMessagesState,
  starredMessagesState,
  recentPrivateConversationsState,
  userTopicsState,
  mutedTopicsState,
  mutedUsersState,
  userStatusState,
  alertWordsState,
  draftsState,
  stopWordsState,
  scheduledMessagesState,
  onboardingStepsState,
  videoCallsState,
  giphyState,
  defaultStreamGroupsState,
  savedSnippetsState,
  remindersState,
  embeddedBotsState,
  incomingWebhookBotsState,
  realmBotsState,
  pushDevicesState,
];
