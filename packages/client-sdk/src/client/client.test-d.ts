import type { EndpointResult, Endpoints } from '@teamchat/schema';
import { describe, expectTypeOf, it } from 'vitest';
import { createClient } from './create-client.js';
import { watchEvents, type RegisterState, type WatchedEvent } from '../helpers/events/watch-events.js';
import { deleteTopicUntilDone } from '../helpers/channels/delete-topic-until-done.js';
import { updateFlagsForNarrowUntilDone } from '../helpers/messages/update-flags-for-narrow-until-done.js';

const client = createClient({ site: 'chat.example.com', email: 'bot@example.com', apiKey: 'key' });

describe('client typing', () => {
  it('types results from the contracts', async () => {
    const users = await client.users.list();
    expectTypeOf(users.members).toBeArray();
    expectTypeOf(users.members[0]!.user_id).toEqualTypeOf<number>();
    expectTypeOf(await client.messages.get({ message_id: 1 })).toEqualTypeOf<
      EndpointResult<Endpoints['messages.get']>
    >();
    expectTypeOf(await client.featureLevel()).toEqualTypeOf<number>();
  });

  it('makes the parameter object optional only when every parameter is', () => {
    expectTypeOf(client.users.list).toBeCallableWith();
    expectTypeOf(client.users.list).toBeCallableWith(
      { include_custom_profile_fields: true },
      { signal: new AbortController().signal },
    );
    expectTypeOf(client.channels.create).toBeCallableWith({ name: 'design', subscribers: [1, 2] });
    // @ts-expect-error channels.create requires its parameters
    void client.channels.create();
    // @ts-expect-error subscribers is required
    void client.channels.create({ name: 'design' });
    // @ts-expect-error name is required
    void client.channels.create({ subscribers: [1] });
  });

  it('rejects wrongly typed parameters', () => {
    // @ts-expect-error message_id is a number
    void client.messages.get({ message_id: '42' });
    // @ts-expect-error include_custom_profile_fields is a boolean
    void client.users.list({ include_custom_profile_fields: 'yes' });
    // @ts-expect-error subscribers are user IDs
    void client.channels.create({ name: 'design', subscribers: ['ada'] });
  });

  it('types request() by contract name and rejects unknown names', async () => {
    expectTypeOf(await client.request('users.list')).toEqualTypeOf<EndpointResult<Endpoints['users.list']>>();
    // @ts-expect-error no such contract
    void client.request('users.nope');
    // @ts-expect-error outgoing contracts are no requests
    void client.request('outgoingWebhooks.notify');
  });

  it('has no method for outgoing contracts and keeps the generated events methods', () => {
    expectTypeOf(client.outgoingWebhooks).toHaveProperty('deliveries');
    expectTypeOf(client.outgoingWebhooks).not.toHaveProperty('notify');
    expectTypeOf(client.events).toHaveProperty('register');
    expectTypeOf(client.events).toHaveProperty('get');
    expectTypeOf(client.events).toHaveProperty('deleteQueue');
  });

  it('types the helpers', () => {
    expectTypeOf(watchEvents(client)).toEqualTypeOf<AsyncGenerator<WatchedEvent, void, undefined>>();
    expectTypeOf(watchEvents).parameter(1).exclude<undefined>().toHaveProperty('onRegister');
    expectTypeOf<RegisterState['queue_id']>().toEqualTypeOf<string | null>();
    expectTypeOf(deleteTopicUntilDone(client, { stream_id: 1, topic_name: 't' })).resolves.toEqualTypeOf<{
      requests: number;
    }>();
    // @ts-expect-error op is add or remove
    void updateFlagsForNarrowUntilDone(client, { narrow: [], flag: 'read', op: 'toggle' });
  });
});
