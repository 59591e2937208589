import type { Channel, EventOf, Message, ServerEvent, Subscription, User } from '@teamchat/schema';
import { describe, expectTypeOf, it } from 'vitest';
import { createClient } from '../../client/create-client.js';
import { applyEvent } from './apply-event.js';
import { watchEvents, type RegisterState, type WatchedEvent } from './watch-events.js';

const client = createClient({ site: 'chat.example.com', email: 'bot@example.com', apiKey: 'key' });

describe('the events watchEvents yields', () => {
  it('narrow by type: a message event has a Message, and its flags', async () => {
    for await (const event of watchEvents(client)) {
      if (event.type === 'message') {
        expectTypeOf(event.message).toEqualTypeOf<Message>();
        expectTypeOf(event.message.content).toEqualTypeOf<string>();
        expectTypeOf(event.flags).toBeArray();
      }
      if (event.type === 'update_message') expectTypeOf(event.message_ids).toEqualTypeOf<number[]>();
      if (event.type === 'delete_message') expectTypeOf(event.message_ids).toEqualTypeOf<number[] | undefined>();
    }
  });

  it('narrow by type, then by op', async () => {
    for await (const event of watchEvents(client)) {
      if (event.type === 'stream') {
        expectTypeOf(event.op).toEqualTypeOf<'create' | 'delete' | 'update'>();
        if (event.op === 'create') expectTypeOf(event.streams).toEqualTypeOf<Channel[]>();
        if (event.op === 'update') {
          expectTypeOf(event.stream_id).toEqualTypeOf<number>();
          expectTypeOf(event.property).toEqualTypeOf<string>();
        }
      }
      if (event.type === 'subscription' && event.op === 'add')
        expectTypeOf(event.subscriptions).toEqualTypeOf<Subscription[]>();
      if (event.type === 'realm_user' && event.op === 'add') expectTypeOf(event.person).toEqualTypeOf<User>();
      if (event.type === 'user_group' && event.op === 'add_members')
        expectTypeOf(event.user_ids).toEqualTypeOf<number[]>();
    }
  });

  it('refuses fields of another type and ops a type does not have', async () => {
    for await (const event of watchEvents(client)) {
      if (event.type === 'stream') {
        // @ts-expect-error streams exist only on stream/create: narrow by op first
        void event.streams.length;
        // @ts-expect-error stream events have no op 'add'
        if (event.op === 'add') void event;
      }
      // @ts-expect-error watchEvents drops heartbeats
      if (event.type === 'heartbeat') void event;
    }
  });

  it('switch over the type compiles with a default branch, where any other event lands', async () => {
    for await (const event of watchEvents(client)) {
      switch (event.type) {
        case 'message':
          expectTypeOf(event.message.id).toEqualTypeOf<number>();
          break;
        case 'reaction':
          expectTypeOf(event.emoji_name).toEqualTypeOf<string>();
          break;
        default:
          // Everything else, and at run time the types of a newer server.
          expectTypeOf(event.type).toEqualTypeOf<Exclude<WatchedEvent['type'], 'message' | 'reaction'>>();
          expectTypeOf(event.id).toEqualTypeOf<number>();
      }
      // A type this SDK does not list yet: compare it as a string.
      if ((event.type as string) === 'some_future_event') expectTypeOf(event).toEqualTypeOf<WatchedEvent>();
    }
  });

  it('EventOf picks one type, or one op of it', () => {
    expectTypeOf<EventOf<'stream', 'create'>['streams']>().toEqualTypeOf<Channel[]>();
    expectTypeOf<EventOf<'stream'>['op']>().toEqualTypeOf<'create' | 'delete' | 'update'>();
    expectTypeOf<EventOf<'message'>['message']>().toEqualTypeOf<Message>();
    expectTypeOf<Extract<ServerEvent, { type: 'heartbeat' }>>().not.toBeNever();
  });
});

describe('applyEvent', () => {
  it('takes the events watchEvents yields, and any event of a newer server', async () => {
    const state = {} as RegisterState;
    for await (const event of watchEvents(client))
      expectTypeOf(applyEvent(state, event)).toEqualTypeOf<RegisterState>();
    expectTypeOf(applyEvent).toBeCallableWith(state, { type: 'some_future_event', id: 7, anything: true });
  });
});
