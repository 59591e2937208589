// The mock README's test, in a project of its own: MSW's setupServer with the mock's handlers.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createClient } from '@teamchat/client-sdk';
import { createMock } from '@teamchat/mock';

const mock = await createMock();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  mock.reset();
});
afterAll(() => server.close());

it('creates a channel', async () => {
  const client = createClient(mock.clientOptions('member'));
  const { id } = await client.channels.create({ name: 'release', subscribers: [mock.accounts.member.userId] });
  expect(mock.store.get('channels', id)?.name).toBe('release');
});

it("answers with the server's errors", async () => {
  const client = createClient(mock.clientOptions('member'));
  await expect(client.users.get({ user_id: 999_999 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
});
