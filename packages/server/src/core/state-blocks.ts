import { streamState, subscriptionState } from './channels/channels-state.js';
import type { StateBlock } from './events/state-block.js';
import { realmState } from './realm/realm-state.js';
import { realmUserSettingsDefaultsState, userSettingsState } from './settings/settings-state.js';
import { realmUserState } from './users/users-state.js';

/** Every block of the initial state of POST /register, area by area. */
export const STATE_BLOCKS: readonly StateBlock[] = [
  realmState,
  realmUserState,
  streamState,
  subscriptionState,
  userSettingsState,
  realmUserSettingsDefaultsState,
];
