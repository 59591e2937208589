import { z } from 'zod';
import * as channel from './channel-events.js';
import { defineEvent } from './define-event.js';
import * as item from './item-events.js';
import * as message from './message-events.js';
import * as realm from './realm-events.js';
import * as settings from './settings-events.js';
import * as user from './user-events.js';

/** Nothing happened for a while: the queue is alive. `watchEvents` drops these. */
export const HeartbeatEvent = defineEvent('heartbeat', {});

const ops = <const T extends readonly [z.core.$ZodTypeDiscriminable, ...z.core.$ZodTypeDiscriminable[]]>(options: T) =>
  z.discriminatedUnion('op', options);

/**
 * Every event GET /events can deliver at feature level 420, by `type` and then, for types with
 * several, by `op`: one model each (https://zulip.com/api/get-events). Narrowing a value of
 * its type by `type` (and `op`) gives the event's own fields.
 */
export const ServerEvent = z.discriminatedUnion('type', [
  HeartbeatEvent,
  message.MessageEvent,
  message.UpdateMessageEvent,
  message.DeleteMessageEvent,
  ops([message.UpdateMessageFlagsAddEvent, message.UpdateMessageFlagsRemoveEvent]),
  ops([message.ReactionAddEvent, message.ReactionRemoveEvent]),
  message.SubmessageEvent,
  ops([message.TypingStartEvent, message.TypingStopEvent]),
  ops([message.TypingEditMessageStartEvent, message.TypingEditMessageStopEvent]),
  ops([message.AttachmentAddEvent, message.AttachmentUpdateEvent, message.AttachmentRemoveEvent]),
  ops([channel.StreamCreateEvent, channel.StreamDeleteEvent, channel.StreamUpdateEvent]),
  ops([
    channel.SubscriptionAddEvent,
    channel.SubscriptionRemoveEvent,
    channel.SubscriptionUpdateEvent,
    channel.SubscriptionPeerAddEvent,
    channel.SubscriptionPeerRemoveEvent,
  ]),
  channel.DefaultStreamsEvent,
  channel.DefaultStreamGroupsEvent,
  ops([channel.ChannelFolderAddEvent, channel.ChannelFolderUpdateEvent, channel.ChannelFolderReorderEvent]),
  channel.UserTopicEvent,
  channel.MutedTopicsEvent,
  ops([user.RealmUserAddEvent, user.RealmUserRemoveEvent, user.RealmUserUpdateEvent]),
  ops([user.RealmBotAddEvent, user.RealmBotUpdateEvent, user.RealmBotRemoveEvent, user.RealmBotDeleteEvent]),
  ops([
    user.UserGroupAddEvent,
    user.UserGroupUpdateEvent,
    user.UserGroupAddMembersEvent,
    user.UserGroupRemoveMembersEvent,
    user.UserGroupAddSubgroupsEvent,
    user.UserGroupRemoveSubgroupsEvent,
    user.UserGroupRemoveEvent,
  ]),
  user.PresenceEvent,
  user.UserStatusEvent,
  user.MutedUsersEvent,
  user.CustomProfileFieldsEvent,
  user.InvitesChangedEvent,
  ops([realm.RealmUpdateEvent, realm.RealmUpdateDictEvent, realm.RealmDeactivatedEvent]),
  ops([realm.RealmEmojiUpdateEvent]),
  realm.RealmLinkifiersEvent,
  realm.RealmFiltersEvent,
  realm.RealmPlaygroundsEvent,
  ops([realm.RealmDomainsAddEvent, realm.RealmDomainsChangeEvent, realm.RealmDomainsRemoveEvent]),
  realm.RealmExportEvent,
  realm.RealmExportConsentEvent,
  ops([realm.RealmUserSettingsDefaultsUpdateEvent]),
  realm.RestartEvent,
  realm.WebReloadClientEvent,
  ops([settings.UserSettingsUpdateEvent]),
  settings.UpdateDisplaySettingsEvent,
  settings.UpdateGlobalNotificationsEvent,
  settings.AlertWordsEvent,
  settings.OnboardingStepsEvent,
  settings.HasZoomTokenEvent,
  settings.PushDeviceEvent,
  ops([item.DraftsAddEvent, item.DraftsUpdateEvent, item.DraftsRemoveEvent]),
  ops([item.NavigationViewAddEvent, item.NavigationViewUpdateEvent, item.NavigationViewRemoveEvent]),
  ops([item.SavedSnippetsAddEvent, item.SavedSnippetsUpdateEvent, item.SavedSnippetsRemoveEvent]),
  ops([item.RemindersAddEvent, item.RemindersRemoveEvent]),
  ops([item.ScheduledMessagesAddEvent, item.ScheduledMessagesUpdateEvent, item.ScheduledMessagesRemoveEvent]),
]);

/**
 * An event of GET /events: a discriminated union of every type and op, so that
 * `if (event.type === 'message') event.message` is a `Message`, and
 * `if (event.type === 'stream' && event.op === 'create') event.streams` the new channels.
 *
 * A newer server may send types and ops this version does not list: they still arrive (see
 * {@link UnknownEvent}); keep a `default` branch in a `switch` over `event.type`.
 */
export type ServerEvent = z.output<typeof ServerEvent>;

/** Every event type: `'message' | 'stream' | …`. */
export type EventType = ServerEvent['type'];

/** The event of one type, and of one op of it: `EventOf<'stream', 'create'>`. */
export type EventOf<TType extends EventType, TOp extends string = string> =
  Extract<ServerEvent, { type: TType }> extends infer E
    ? E extends { op: infer O }
      ? string extends TOp
        ? E
        : O extends TOp
          ? E
          : never
      : E
    : never;

/** An event of a type (or op) this version does not know, as a newer server may send it. */
export type UnknownEvent = { readonly type: string; readonly id: number; readonly op?: string } & Record<
  string,
  unknown
>;

/** What the table below reads of a model: its literal `type` and `op`. */
type Literals = {
  readonly shape: { readonly type: { readonly value: string }; readonly op?: { readonly value: string } };
};

/** The `type` → the `op`s of the types that have several (an empty list for the others). */
export const EVENT_OPS: Readonly<Record<EventType, readonly string[]>> = Object.fromEntries(
  (ServerEvent.options as readonly (Literals | { readonly options: readonly Literals[] })[]).map((option) =>
    'options' in option
      ? [option.options[0]?.shape.type.value, option.options.map((model) => model.shape.op?.value ?? '')]
      : [option.shape.type.value, []],
  ),
) as Record<EventType, readonly string[]>;

/** Whether `event` has a type (and op) of {@link ServerEvent}; false for what a newer server added. */
export function isKnownEvent(event: { readonly type: string; readonly op?: unknown }): boolean {
  const known = (EVENT_OPS as Readonly<Record<string, readonly string[] | undefined>>)[event.type];
  if (!known) return false;
  return known.length === 0 || (typeof event.op === 'string' && known.includes(event.op));
}

/**
 * What GET /events answers, for response validation: an event of a known type and op must
 * match its model; one of a type or op this version does not know passes as it is (a newer
 * server's). Typed as {@link ServerEvent}.
 */
export const AnyServerEvent = z.union([
  ServerEvent,
  z
    .looseObject({ type: z.string(), id: z.number().int(), op: z.string().optional() })
    .refine((event) => !isKnownEvent(event), {
      message: 'an event of a known type and op that does not match its model',
    }),
]) as unknown as z.ZodType<ServerEvent>;
