import { realmBotsState } from '../bots/bots-state.js';
import { streamState, subscriptionState } from '../channels/channels-state.js';
import { channelFoldersState } from '../channel-folders/channel-folder-list.js';
import type { StateBlock } from '../events/state-block.js';
import { legacyFiltersState, linkifiersState } from '../linkifiers/list-linkifiers.js';
import { navigationViewsState } from '../navigation-views/navigation-view-list.js';
import { playgroundsState } from '../playgrounds/playground-list.js';
import { presenceState } from '../presence/presence-state.js';
import { pushDevicesState } from '../push/push-devices-state.js';
import { realmEmojiState } from '../realm/realm-emoji-state.js';
import { realmState } from '../realm/realm-state.js';
import { realmUserSettingsDefaultsState, userSettingsState } from '../settings/settings-state.js';
import { realmUserState } from '../users/users-state.js';
import { customProfileFieldsState } from '../users/custom-profile-fields.js';
import { userGroupsState } from '../user-groups/user-groups-state.js';

/** Every block of the initial state of POST /register, area by area. */
export const STATE_BLOCKS: readonly StateBlock[] = [
  realmState,
  realmEmojiState,
  realmUserState,
  customProfileFieldsState,
  streamState,
  subscriptionState,
  userSettingsState,
  realmUserSettingsDefaultsState,
  presenceState,
  userGroupsState,
  linkifiersState,
  legacyFiltersState,
  playgroundsState,
  navigationViewsState,
  channelFoldersState,
  realmBotsState,
  pushDevicesState,
];
