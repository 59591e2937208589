import { createChannelImpl } from './channels/create-channel.js';
import { listChannelsImpl } from './channels/list-channels.js';
import { deleteQueueImpl, getEventsImpl } from './events/get-events.js';
import { registerQueueImpl } from './events/register-queue.js';
import type { Implementation } from './implement.js';
import { fetchApiKeyImpl } from './server/fetch-api-key.js';
import { getServerSettingsImpl } from './server/get-server-settings.js';
import { updateRealmDefaultsImpl } from './settings/update-realm-defaults.js';
import { updateDisplaySettingsImpl, updateNotificationSettingsImpl, updateSettingsImpl } from './settings/update-settings.js';
import { getOwnUserImpl } from './users/get-own-user.js';
import { listUsersImpl } from './users/list-users.js';

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
  listUsersImpl,
  getOwnUserImpl,
] as const satisfies readonly Implementation[];

/** Names of the implemented endpoints. */
export type ImplementedName = (typeof implementations)[number]['endpoint']['name'];
