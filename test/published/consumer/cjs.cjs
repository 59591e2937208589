// The same from CommonJS: require() of the SDK, the schema, the server and the mock.
const { createClient, isApiError } = require('@teamchat/client-sdk');
const { createClientFromEnv } = require('@teamchat/client-sdk/node');
const { endpoints } = require('@teamchat/schema');
const { createMemoryServer } = require('@teamchat/server');
const { createMock } = require('@teamchat/mock');

for (const value of [createClient, isApiError, createClientFromEnv, createMemoryServer, createMock]) {
  if (typeof value !== 'function') throw new Error('an entry is missing an export');
}
if (!endpoints['users.me']) throw new Error('@teamchat/schema has no users.me');
createClientFromEnv()
  .users.me()
  .then((me) => console.log(JSON.stringify({ email: me.email })))
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
