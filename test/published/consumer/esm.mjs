// An ES module of a project that installed the packed tarballs: every entry loads, and the SDK
// answers a request against the server named by ZULIP_SITE / ZULIP_EMAIL / ZULIP_API_KEY.
import { createClient, isApiError } from '@teamchat/client-sdk';
import { createClientFromEnv } from '@teamchat/client-sdk/node';
import { runCli } from '@teamchat/cli';
import { createMock } from '@teamchat/mock';
import { setupMockServer } from '@teamchat/mock/node';
import { endpoints } from '@teamchat/schema';
import { createMemoryServer } from '@teamchat/server';
import { listen } from '@teamchat/server/node';

for (const value of [createClient, isApiError, runCli, createMock, setupMockServer, createMemoryServer, listen]) {
  if (typeof value !== 'function') throw new Error('an entry is missing an export');
}
if (!endpoints['users.list']) throw new Error('@teamchat/schema has no users.list');
const client = createClientFromEnv();
const { members } = await client.users.list();
const failure = await client.users.get({ user_id: 999_999 }).catch((error) => error);
console.log(
  JSON.stringify({ members: members.length, apiError: isApiError(failure) ? failure.code : String(failure) }),
);
