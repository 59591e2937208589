import type { Endpoint } from '../define-endpoint.js';
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

/**
 * The areas of the API: each the namespace of its folder (`endpoints/<area>/index.ts`). The
 * contract table is every contract they export, with nothing to keep in order: the router
 * ranks routes itself (`createRouteTable`), so a new contract only needs its area's export.
 */
const areas = {
  alertWords,
  attachments,
  bots,
  calls,
  channelFolders,
  channels,
  defaultChannels,
  drafts,
  events,
  realmExports,
  invites,
  linkifiers,
  markRead,
  messages,
  mutedUsers,
  navigationViews,
  outgoingWebhooks,
  playgrounds,
  presence,
  profileFields,
  push,
  realm,
  realmEmoji,
  reminders,
  savedSnippets,
  scheduledMessages,
  server,
  settings,
  typing,
  userGroups,
  userStatus,
  userTopics,
  users,
};

type Areas = typeof areas;

/**
 * The contracts a namespace exports (an area's `index.ts` also exports schemas and constants
 * its contracts use: `MessageRecipients`, `FlagOp`).
 */
type ContractsOf<TNamespace> = Extract<TNamespace[keyof TNamespace], Endpoint>;

/** The areas of the API, by the name of their namespace (`markRead` for `endpoints/mark-read/`). */
export type AreaName = keyof Areas;

/**
 * The names of an area's contracts: `AreaContractName<'markRead'>` is
 * `'messages.markAllAsRead' | 'messages.markStreamAsRead' | 'messages.markTopicAsRead'`.
 */
export type AreaContractName<TArea extends AreaName> = ContractsOf<Areas[TArea]>['name'];

type AnyEndpoint = { [A in AreaName]: ContractsOf<Areas[A]> }[AreaName];

/** Whether an export of an area is a contract (made by `defineEndpoint`). */
function isContract(value: unknown): value is AnyEndpoint {
  return typeof value === 'object' && value !== null && 'pathParams' in value && 'method' in value && 'params' in value;
}

/**
 * Every contract, sorted by name: an order that does not depend on how a module system lists
 * a namespace's exports (Node sorts them, Vite's SSR transform keeps the source order).
 */
const all: readonly AnyEndpoint[] = Object.values(areas)
  .flatMap((namespace) => Object.values(namespace).filter(isContract))
  .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** Every endpoint contract, keyed by its stable name. */
export type Endpoints = { [E in AnyEndpoint as E['name']]: E };

/**
 * The contract table: every endpoint of the API, keyed by name. Server, mock, SDK and CLI
 * are all derived from it.
 */
export const endpoints = Object.freeze(Object.fromEntries(all.map((e) => [e.name, e]))) as Endpoints;
if (Object.keys(endpoints).length !== all.length) {
  const names = all.map((e) => e.name);
  throw new Error(`[teamchat-schema] two contracts are named ${names.find((name, i) => names.indexOf(name) !== i)}`);
}

/** The contract table as a list, sorted by name. */
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
