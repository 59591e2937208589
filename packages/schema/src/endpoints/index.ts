import * as channels from './channels/index.js';
import * as events from './events/index.js';
import * as server from './server/index.js';
import * as settings from './settings/index.js';
import * as users from './users/index.js';

const all = [
  server.getServerSettings,
  server.fetchApiKey,
  events.registerQueue,
  events.getEvents,
  events.deleteQueue,
  settings.updateSettings,
  settings.updateDisplaySettings,
  settings.updateNotificationSettings,
  settings.updateRealmUserSettingsDefaults,
  channels.createChannel,
  channels.listChannels,
  users.listUsers,
  users.getOwnUser,
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

export { channels, events, server, settings, users };
